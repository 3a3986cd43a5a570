import {
  BatchUpload,
  type DuecheckLanguage,
  DuecheckProvider,
  MonitoringList,
  SanctionsLookup,
  ScreeningResult,
  ScreeningSearch,
  type ScreeningView,
} from "@duecheck/react";
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

interface EmbedSession {
  baseUrl: string;
  token: string;
}

const params = new URLSearchParams(location.search);

/** The host's page: its own header and button, and the duecheck components with a token from its backend. */
function App() {
  const [session, setSession] = useState<EmbedSession | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [completed, setCompleted] = useState<ScreeningView | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const language = (params.get("language") ?? "en") as DuecheckLanguage;
  const theme = params.get("theme") === "dark" ? "dark" : "light";

  useEffect(() => {
    void fetch("/embed-session")
      .then(async (answer) => {
        const body = await answer.json();
        if (!answer.ok) throw new Error(body.error);
        // ?token= tries another token by hand (an expired one, another account's).
        setSession({ ...body, token: params.get("token") ?? body.token });
      })
      .catch((error: Error) => setProblem(error.message));
  }, []);

  const onError = (error: unknown) => setErrors((list) => [...list, error instanceof Error ? error.message : String(error)]);
  return (
    <>
      <header>
        <h1 className="host-title">Acme Onboarding</h1>
      </header>
      <main>
        <button type="button" className="host-button">
          Host button
        </button>
        {problem && <p role="alert">{problem}</p>}
        {completed && (
          <p data-testid="host-completed">
            Completed: {completed.searchTerm} ({completed.riskLevel})
          </p>
        )}
        {errors.length > 0 && <p data-testid="host-errors">{errors.join(" | ")}</p>}
        {session && (
          <DuecheckProvider
            baseUrl={session.baseUrl}
            token={session.token}
            language={language}
            theme={theme}
            // ?words=own: the host's own words for two of the components' (any key of their catalogue).
            translations={
              params.get("words") === "own" ? { en: { "search.run": "Screen this customer" }, fr: { "search.run": "Vérifier ce client" } } : undefined
            }
          >
            {params.get("searchId") ? (
              <ScreeningResult searchId={params.get("searchId")!} onCompleted={setCompleted} onError={onError} />
            ) : (
              <ScreeningSearch onCompleted={setCompleted} onError={onError} />
            )}
            {params.get("all") && (
              <>
                <SanctionsLookup onError={onError} />
                <BatchUpload onError={onError} />
                <MonitoringList onError={onError} />
              </>
            )}
          </DuecheckProvider>
        )}
      </main>
    </>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
