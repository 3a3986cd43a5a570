// Applies the stored theme (localStorage "vite-ui-theme": light, dark or system) before the first paint.
// A separate file rather than an inline script, because the server's Content-Security-Policy forbids inline scripts.
(() => {
  try {
    let theme = localStorage.getItem("vite-ui-theme") || "system";
    if (theme === "system") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    document.documentElement.classList.add(theme);
  } catch {}
})();
