import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { startEarlyRequests } from "./app/early-requests.ts";
import { applyTheme, readStoredTheme } from "./lib/theme.ts";
import "./styles.css";

// Before the first render, so a dark theme never flashes light (the CSP forbids inline scripts).
applyTheme(readStoredTheme());

// Before React starts: the first screen's data is on its way while its code loads.
startEarlyRequests();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
