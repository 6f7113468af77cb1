import "./styles/kiosk.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { restoreDoorLanguage } from "./lib/doorLanguage";
import { DoorPage, doorCodeAt } from "./pages/DoorPage";

// The door (door.html, served for /d/<code>): one visitor's own phone, its first visit kept small
// (its build budget, package.json's size-limit). The tablet's sheet is the other entry, main.tsx.

restoreDoorLanguage();

const root = document.getElementById("root");
if (!root) throw new Error("door.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <DoorPage code={doorCodeAt(window.location.pathname)} />
  </StrictMode>,
);
