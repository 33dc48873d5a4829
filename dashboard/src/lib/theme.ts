import { themeCookie } from "@contracts/first-screen.ts";
import { inBrowser, readCookie, writePreferenceCookie } from "./request-cookies.ts";

/** Light or dark: stored under 'theme', light by default, a 'dark' class on <html>. */
export type Theme = "light" | "dark";

/** The localStorage key, and the name of its cookie copy the server reads (decision 300). */
export const themeStorageKey = themeCookie;

/** The theme's cookie copy: what the server renders the first screen with (decision 300). */
export function cookieTheme(): Theme {
  return readCookie(themeStorageKey) === "dark" ? "dark" : "light";
}

/** The stored theme: localStorage in the browser, its cookie copy in the server's render. */
export function readStoredTheme(): Theme {
  if (!inBrowser()) return cookieTheme();
  try {
    return window.localStorage.getItem(themeStorageKey) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function storeTheme(theme: Theme): void {
  writePreferenceCookie(themeStorageKey, theme);
  try {
    window.localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Storage blocked: the theme lasts until the page is reloaded.
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle("dark", theme === "dark");
}
