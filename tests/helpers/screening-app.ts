import { startApp, type TestApp } from "./app.ts";
import { setEnv } from "./env.ts";
import { type GdeltArticle, type NewsHandler, type NewsServer, startGdeltServer, startGoogleNewsServer } from "./news-servers.ts";

export interface ScreeningApp {
  app: TestApp;
  gdelt: NewsServer;
  google: NewsServer;
  /** Stops the app and the news servers, and puts the environment back. */
  stop(): Promise<void>;
}

/**
 * The app screening against loopback news servers: GDELT answers `gdelt`, Google News has no items. `env` is set
 * for the file (with both servers' URLs added) before the app starts.
 */
export async function startScreeningApp(gdelt: Record<string, GdeltArticle[]> | NewsHandler, env: Record<string, string>): Promise<ScreeningApp> {
  const gdeltServer = startGdeltServer(gdelt);
  const google = startGoogleNewsServer({});
  const restoreEnv = setEnv({ ...env, DUECHECK_GDELT_URL: gdeltServer.url, DUECHECK_GOOGLE_NEWS_URL: google.url });
  const app = await startApp();
  return {
    app,
    gdelt: gdeltServer,
    google,
    async stop() {
      await app.stop();
      await gdeltServer.stop();
      await google.stop();
      restoreEnv();
    },
  };
}
