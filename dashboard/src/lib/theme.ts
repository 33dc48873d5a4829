/** Light or dark (spec section 3): stored under 'theme', light by default, a 'dark' class on <html>. */
export type Theme = "light" | "dark";

export const themeStorageKey = "theme";

export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(themeStorageKey) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Storage blocked: the theme lasts until the page is reloaded.
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle("dark", theme === "dark");
}
