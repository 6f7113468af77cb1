/**
 * A self-contained API reference: it reads /api/openapi.json and lists every call with its
 * parameters and bodies. No CDN, so it works on a machine with no internet.
 */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Visitor Sign-In API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.5rem;color:#1a1b1e}
h1{margin-bottom:0}.op{border:1px solid #dee2e6;border-radius:8px;margin:1rem 0;padding:.5rem 1rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;font-family:monospace}.GET{color:#2f9e44}.POST{color:#1971c2}
.PATCH,.PUT{color:#e8590c}.DELETE{color:#c92a2a}code,pre{font-family:ui-monospace,monospace;font-size:14px}
pre{background:#f8f9fa;padding:.5rem;overflow:auto;border-radius:4px}summary{cursor:pointer}
</style></head><body>
<h1>Visitor Sign-In API</h1><p id="intro"></p><div id="ops">Loading /api/openapi.json…</div>
<script src="/api/docs/docs.js"></script></body></html>`;
}

export const docsScript = `
(async function () {
  const doc = await (await fetch("/api/openapi.json")).json();
  document.getElementById("intro").textContent = doc.info.description || "";
  const resolve = (s) => (s && s.$ref ? doc.components.schemas[s.$ref.split("/").pop()] : s);
  const ops = document.getElementById("ops");
  ops.textContent = "";
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const box = document.createElement("details");
      box.className = "op";
      const summary = document.createElement("summary");
      summary.innerHTML = '<span class="m ' + method.toUpperCase() + '"></span> <code></code> <span></span>';
      summary.children[0].textContent = method.toUpperCase();
      summary.children[1].textContent = path;
      summary.children[2].textContent = op.summary || "";
      box.appendChild(summary);
      const add = (title, value) => {
        if (!value) return;
        const h = document.createElement("h4"); h.textContent = title; box.appendChild(h);
        const pre = document.createElement("pre"); pre.textContent = JSON.stringify(value, null, 2); box.appendChild(pre);
      };
      add("Parameters", op.parameters && op.parameters.map((p) => ({ name: p.name, in: p.in, required: !!p.required, schema: p.schema })));
      const body = op.requestBody && op.requestBody.content["application/json"];
      add("Request body", body && resolve(body.schema));
      const ok = Object.entries(op.responses || {}).find(([code]) => code.startsWith("2"));
      const content = ok && ok[1].content && ok[1].content["application/json"];
      add("Response " + (ok ? ok[0] : ""), content && resolve(content.schema));
      ops.appendChild(box);
    }
  }
})();`;
