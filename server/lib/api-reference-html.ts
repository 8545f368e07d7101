import { PLATFORM } from '#shared/api/routes/platform';

const DOCUMENT_PATH = PLATFORM.getOpenapiJson.path;
/** The parts of an OpenAPI 3.1 document the HTML reference reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface MediaTypes {
  [type: string]: { schema?: unknown };
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const schemaBlock = (schema: unknown) => `<pre>${escape(JSON.stringify(schema ?? {}, null, 2))}</pre>`;

function mediaTypes(content: MediaTypes | undefined): string {
  if (!content || Object.keys(content).length === 0) return '<p class="none">No body.</p>';
  return Object.entries(content)
    .map(([type, media]) => `<p class="type">${escape(type)}</p>${schemaBlock(media.schema)}`)
    .join('');
}

function operation(method: string, path: string, op: OpenApiOperation): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const parts = [
    `<section class="op" id="${escape(id)}">`,
    `<h2><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2>`,
    op.summary ? `<p>${escape(op.summary)}</p>` : '',
  ];
  if (op.parameters?.length) {
    parts.push('<h3>Parameters</h3><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>');
    for (const p of op.parameters) {
      parts.push(`<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema ?? {}))}</code></td></tr>`);
    }
    parts.push('</table>');
  }
  if (op.requestBody) parts.push('<h3>Request body</h3>', mediaTypes(op.requestBody.content));
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    parts.push(`<h3>Response ${escape(status)}</h3>`, response.description ? `<p>${escape(response.description)}</p>` : '', mediaTypes(response.content));
  }
  parts.push('</section>');
  return parts.join('');
}

/** Every operation of the document as one page: a table of contents, then each route's schemas as JSON. */
export function renderApiReference(document: OpenApiDocument, stylesheet: string): string {
  const operations = Object.entries(document.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => ({ method: m, path, op: item[m]! })));
  const toc = operations
    .map(({ method, path, op }) => {
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
      return `<li><a href="#${escape(id)}"><span class="method ${method}">${method.toUpperCase()}</span> ${escape(path)}</a>${op.summary ? ` — ${escape(op.summary)}` : ''}</li>`;
    })
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escape(document.info.title)} reference</title><link rel="stylesheet" href="${escape(stylesheet)}"></head><body>`,
    `<h1>${escape(document.info.title)} <small>OpenAPI ${escape(document.openapi)}</small></h1>`,
    document.info.description ? `<p>${escape(document.info.description)}</p>` : '',
    `<p>The same reference as a document: <a href="${DOCUMENT_PATH}">${DOCUMENT_PATH}</a>.</p>`,
    `<nav><ul>${toc}</ul></nav>`,
    operations.map(({ method, path, op }) => operation(method, path, op)).join(''),
    '</body></html>',
  ].join('');
}

export const API_REFERENCE_CSS = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1 small{font-size:.5em;color:#666}nav ul{list-style:none;padding:0}nav li{margin:.2rem 0}
.op{border-top:1px solid #ddd;margin-top:2rem;padding-top:1rem}h2{font-size:1.1rem}h3{font-size:.95rem;margin-bottom:.2rem}
.method{display:inline-block;min-width:4.5em;font:bold .8em monospace;padding:.1em .4em;border-radius:3px;color:#fff;background:#555;text-align:center}
.get{background:#2b6cb0}.post{background:#2f855a}.put,.patch{background:#b7791f}.delete{background:#c53030}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-height:24rem;font-size:.8rem}table{border-collapse:collapse}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;font-size:.85rem}.type{font:.8rem monospace;margin:.3rem 0}.none{color:#666}
`;
