// Runs a command to its end, even when the run is interrupted. A Ctrl+C at the terminal reaches
// the whole foreground process group: the command gets it and stops its own way (`npm test`
// stops its stages, its PostgreSQL, and removes its folders), and this process waits for that
// instead of dying at once and handing the prompt back while the clean-up still runs. A signal
// sent to this process alone is passed on to the command.
import { spawn } from "node:child_process";
import { constants } from "node:os";

const signals = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Resolves to the command's exit code (128 + the signal's number if a signal ended it). */
export function runToEnd(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    const pass = (signal) => {
      // The command may have got it already, from the terminal: both shut down once.
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of signals) process.on(signal, pass);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      for (const one of signals) process.off(one, pass);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}
