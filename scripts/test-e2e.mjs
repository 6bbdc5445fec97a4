// `npm run test:e2e`: the browser suite. Installs Debian's Chromium when it is missing, builds the store, then
// runs the end-to-end project (the built store as `npm start` serves it, driven in Chromium).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { run } from "./lib/local.mjs";

const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log("Chromium is missing: installing Debian's chromium package for the end-to-end tests...");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, "apt-get", ...args];
    const r = spawnSync(cmd, rest, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed; install Chromium with: apt-get install chromium`);
  };
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "chromium"]);
}

run("node_modules/.bin/remix", ["vite:build"]);
run("node_modules/.bin/vitest", ["run", "--project", "e2e", ...process.argv.slice(2)]);
