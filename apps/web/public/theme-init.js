// Applies the saved theme (key "vite-ui-theme", default light) before first paint so dark mode
// does not flash white; the React ThemeProvider takes over once the app has loaded.
(() => {
  try {
    let theme = localStorage.getItem("vite-ui-theme") || "light";
    if (theme === "system") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    document.documentElement.classList.add(theme === "dark" ? "dark" : "light");
  } catch {
    // Storage can be unavailable (private mode); the provider falls back to light.
  }
})();
