// `npm run bundle-sources [chunk-name…]`: what each browser chunk is made of. Builds once with source maps,
// attributes every minified byte to the package (or app file) it came from, prints the largest per chunk
// (default: the chunks every page loads), then rebuilds without maps so the build is as shipped.
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map";
import { quietEnv, run } from "../scripts/lib/local.mjs";

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ["framework", "shell", "root", "entry.client"];
const dir = "build/client/assets";

function owner(source) {
  const [, inPackage] = source.split("node_modules/");
  if (!inPackage) return source.replace(/^.*?\/app\//, "app/");
  const parts = inPackage.split("/");
  return parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
}

async function sizes(file) {
  const code = readFileSync(`${dir}/${file}`, "utf8");
  const lines = code.split("\n");
  const bytes = new Map();
  await SourceMapConsumer.with(JSON.parse(readFileSync(`${dir}/${file}.map`, "utf8")), null, (consumer) => {
    let previous = null;
    consumer.eachMapping((mapping) => {
      if (previous?.source) {
        const end = mapping.generatedLine === previous.generatedLine ? mapping.generatedColumn : lines[previous.generatedLine - 1].length;
        const key = owner(previous.source);
        bytes.set(key, (bytes.get(key) ?? 0) + end - previous.generatedColumn);
      }
      previous = mapping;
    });
  });
  return { raw: Buffer.byteLength(code), gz: gzipSync(code, { level: 9 }).length, bytes };
}

run("node_modules/.bin/remix", ["vite:build"], { env: { ...quietEnv, SOURCEMAP: "1" } });
try {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js") && wanted.some((w) => f.startsWith(`${w}-`)))) {
    const { raw, gz, bytes } = await sizes(file);
    console.log(`${file}: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(2)} KB gzip`);
    for (const [key, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB raw  ${key}`);
  }
} finally {
  run("node_modules/.bin/remix", ["vite:build"]);
}
