// Turns a page the store rendered into the tree bench/react-page.js renders: the children of <html> as [tag,
// attributes, ...children] with React's names for attributes, and text. Scripts and comments are left out (the
// scripts carry Remix's data, not markup). Enough for React's own output, which is well formed: quoted
// attributes, void elements unclosed.
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const NAMES = { class: "className", for: "htmlFor", tabindex: "tabIndex", srcset: "srcSet", fetchpriority: "fetchPriority", autocomplete: "autoComplete" };
const decode = (text) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" })[e]);
const camel = (name) => name.trim().replace(/-([a-z])/g, (_, c) => c.toUpperCase());

function attributes(source) {
  const props = {};
  for (const [, name, value] of source.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
    const v = value === undefined ? true : decode(value);
    if (name === "style")
      props.style = Object.fromEntries(
        String(v)
          .split(";")
          .filter((d) => d.includes(":"))
          .map((d) => [camel(d.slice(0, d.indexOf(":"))), d.slice(d.indexOf(":") + 1).trim()]),
      );
    else props[NAMES[name] ?? name] = v;
  }
  return props;
}

export function pageTree(html) {
  const inner = html
    .slice(html.indexOf(">", html.indexOf("<html")) + 1, html.lastIndexOf("</html>"))
    .replace(/<script\b[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, "");
  const root = ["html", {}];
  const stack = [root];
  for (const [, close, tag, attrs, text] of inner.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    const parent = stack.at(-1);
    if (text !== undefined) parent.push(decode(text));
    else if (close) stack.pop();
    else if (tag !== undefined) {
      const selfClosing = attrs.endsWith("/");
      const node = [tag.toLowerCase(), attributes(selfClosing ? attrs.slice(0, -1) : attrs)];
      parent.push(node);
      if (!VOID.has(node[0]) && !selfClosing) stack.push(node);
    }
  }
  return root.slice(2);
}
