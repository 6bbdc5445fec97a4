// Which of workerd's log lines (Miniflare's structured logs, workerd run with --verbose) the local store prints.

/** Console levels shown at each of serve()'s log levels. */
const SHOWN = { log: ["log", "info", "debug", "warn", "error"], warn: ["warn", "error"] };

/**
 * The Workers' console output by level (log, info and debug to stdout, warnings and errors to stderr) and their
 * uncaught exceptions, as errors: "uncaught exception; source = ..." carries the JavaScript stack. workerd's own
 * notices are left out: its "uncaught exception; exception = ..." account of the same error (or of a request body
 * left unread) and its internal "exception = ..." lines (a client that went away, ...).
 * @param {{ level: string, message: string }} log
 * @param {"log" | "warn"} logLevel
 * @returns {{ stream: "stdout" | "stderr", text: string } | null}
 */
export function workerLogLine({ level, message }, logLevel) {
  if (message.startsWith("uncaught exception; source = ")) level = "error";
  else if (/^uncaught exception|^exception = |^NOSENTRY |^kj\/|^workerd\//.test(message)) return null;
  if (!SHOWN[logLevel].includes(level)) return null;
  return { stream: level === "warn" || level === "error" ? "stderr" : "stdout", text: `${message}\n` };
}
