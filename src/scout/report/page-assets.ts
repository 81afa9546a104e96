/**
 * The report's style sheet and script, inlined into the page: no font, script or style is fetched (the page's
 * Content-Security-Policy forbids it). The script sorts and filters the table; the page reads whole without it.
 */

/** The style sheet: the system's fonts, verdict colours, and a print layout (no controls, colours kept, rows whole). */
export const STYLE = `
:root { --buy: #1a7f37; --skip: #b35900; --unknown: #6e7781; --ink: #1f2328; --line: #d0d7de; --zone: #e6f4ea; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--ink);
  margin: 0 auto; padding: 16px 24px 48px; max-width: 1400px; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
.meta, .note, figcaption small { color: #57606a; font-size: 12px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; text-align: left; }
.num { text-align: right; white-space: nowrap; }
.totals th[scope=row] { font-weight: 600; white-space: nowrap; } .totals td { font-size: 15px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr)); gap: 16px 32px; }
.scroll { overflow-x: auto; }
@media (max-width: 900px) { .wide { overflow-x: auto; } }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
svg { width: 100%; height: auto; display: block; font-size: 11px; }
.grid { stroke: #eaeef2; } .grid.zero { stroke: #8c959f; }
.tick, .axis { fill: #57606a; } .axis { font-size: 12px; }
.buyzone { fill: var(--zone); }
.rule { stroke: var(--buy); stroke-width: 1.5; stroke-dasharray: 6 4; }
.rulelabel { fill: var(--buy); font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.pt { stroke: #fff; stroke-width: 0.5; fill-opacity: 0.8; }
.pt.buy { fill: var(--buy); } .pt.skip { fill: var(--skip); } .pt.unknown { fill: var(--unknown); }
.pt.edge { fill: none; stroke-width: 1.5; } .pt.edge.buy { stroke: var(--buy); } .pt.edge.skip { stroke: var(--skip); }
.bar.gain { fill: var(--buy); } .bar.loss { fill: #cf222e; }
polyline.sum { fill: none; stroke: #0969da; stroke-width: 2; } .tick.sum, .axis.sum { fill: #0969da; }
.cut { stroke: #0969da; stroke-dasharray: 3 3; }
.controls { display: flex; gap: 12px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
.controls input { font: inherit; padding: 4px 8px; min-width: 280px; }
.controls select { font: inherit; padding: 3px; }
#lines { width: 100%; font-size: 13px; }
#lines thead th { position: sticky; top: 0; background: #f6f8fa; cursor: pointer; user-select: none; white-space: nowrap; }
#lines thead th[aria-sort=ascending]::after { content: " \\25B2"; }
#lines thead th[aria-sort=descending]::after { content: " \\25BC"; }
#lines td.title { min-width: 200px; } #lines td.why { min-width: 150px; color: #57606a; }
.verdict { font-weight: 600; } tr.buy .verdict { color: var(--buy); } tr.skip .verdict { color: var(--skip); }
tr.unknown .verdict { color: var(--unknown); }
@page { size: landscape; margin: 10mm; }
@media print {
  body { padding: 0; max-width: none; font-size: 10px; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .controls { display: none; } .totals td { font-size: 11px; }
  .charts { grid-template-columns: 1fr 1fr; break-inside: avoid; }
  #lines { font-size: 9px; } #lines thead th { position: static; }
  #lines td.title { min-width: 0; } #lines td.why { min-width: 0; }
  th, td { padding: 1px 4px; }
  tr { break-inside: avoid; }
  thead { display: table-header-group; }
}
`;

/** The script: click a heading to sort by it (again to reverse), type or pick a verdict to filter. */
export const SCRIPT = `
(() => {
  const table = document.getElementById('lines');
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const heads = Array.from(table.tHead.rows[0].cells);
  const filter = document.getElementById('filter');
  const verdict = document.getElementById('verdict');
  const shown = document.getElementById('shown');
  const value = (row, i, numeric) => {
    const text = row.cells[i].textContent.trim();
    if (!numeric) return text.toLowerCase();
    const n = Number(text.replace(/[,%$]/g, ''));
    return text === '-' || text === '' || Number.isNaN(n) ? null : n;
  };
  heads.forEach((th, i) => {
    th.tabIndex = 0;
    const sort = () => {
      const numeric = th.classList.contains('num');
      const descending = th.getAttribute('aria-sort') === 'ascending' || (numeric && !th.hasAttribute('aria-sort'));
      heads.forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      const keyed = rows.map((row) => [value(row, i, numeric), row]);
      keyed.sort((a, b) => {
        if (a[0] === b[0]) return 0;
        if (a[0] === null) return 1;
        if (b[0] === null) return -1;
        const order = numeric ? a[0] - b[0] : a[0].localeCompare(b[0]);
        return descending ? -order : order;
      });
      body.append(...keyed.map((k) => k[1]));
    };
    th.addEventListener('click', sort);
    th.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
  });
  const apply = () => {
    const words = filter.value.toLowerCase().split(/\\s+/).filter(Boolean);
    let n = 0;
    for (const row of rows) {
      const text = row.textContent.toLowerCase();
      const hide = (verdict.value && !row.classList.contains(verdict.value)) || words.some((w) => !text.includes(w));
      row.hidden = hide;
      if (!hide) n++;
    }
    shown.textContent = n.toLocaleString('en-US') + ' of ' + rows.length.toLocaleString('en-US') + ' lines';
  };
  filter.addEventListener('input', apply);
  verdict.addEventListener('change', apply);
})();
`;
