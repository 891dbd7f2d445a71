// The game end's score chart: each player's running total after each round, as inline SVG, from the numbers Python
// sends (egonb/games/egocentric_world/gameend.py). `chartGeometry` is pure (Node-tested); `scoreChart` draws it.
import { say } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";

// Points (x, y in an SVG box of `width` x `height` with `pad` around) for each player's line, the height of the
// game's end score (E2) and the axes' values: `yTicks` [total, y] every 10 points (20, 30 … on a taller scale: at most 6 above 0),
// `xTicks` [round, x] for each round. Round 0 is the start (every total 0); the y scale runs from 0 to the highest
// total or the end score, whichever is larger.
export function chartGeometry(running, endScore, width, height, pad = 24) {
  const rounds = Math.max(1, ...running.map((r) => r.length));
  const top = Math.max(endScore, ...running.flat());
  const x = (i) => pad + (i * (width - 2 * pad)) / rounds;
  const y = (v) => height - pad - (v * (height - 2 * pad)) / top;
  const r1 = (v) => Math.round(v * 10) / 10;
  const step = 10 * Math.ceil(top / 60); // at most 6 steps above 0
  const values = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  return {
    lines: running.map((r) => [0, ...r].map((v, i) => [r1(x(i)), r1(y(v))])),
    limit: r1(y(endScore)),
    left: pad, right: width - pad, bottom: height - pad,
    yTicks: values.map((v) => [v, r1(y(v))]),
    xTicks: Array.from({ length: rounds }, (_, i) => [i + 1, r1(x(i + 1))]),
  };
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

export function scoreChart(end, names, width = 320, height = 160) {
  const g = chartGeometry(end.running, end.end_score, width, height);
  const title = svg("title", {});
  title.textContent = say("ui.chart.title", { lines: names.map((n, p) =>
    say("ui.chart.line", { player: n, totals: end.running[p].join(", ") })).join("; ") });
  const label = svg("text", { x: g.left + 2, y: g.limit - 4, class: "eg-chart-limit" });
  label.textContent = say("ui.chart.limit", { end_score: end.end_score });
  const text = (attrs, words) => {
    const t = svg("text", attrs);
    t.textContent = words;
    return t;
  };
  // The axes: totals on the left (a faint line across at each), the rounds below.
  const axes = [
    ...g.yTicks.flatMap(([v, y]) => [svg("line", { x1: g.left, x2: g.right, y1: y, y2: y, class: "eg-chart-grid" }),
      text({ x: g.left - 4, y: y + 3, class: "eg-chart-tick", "text-anchor": "end" }, String(v))]),
    ...g.xTicks.map(([r, x]) => text({ x, y: g.bottom + 12, class: "eg-chart-tick", "text-anchor": "middle" }, String(r))),
    text({ x: g.right, y: height - 1, class: "eg-chart-axis", "text-anchor": "end" }, say("ui.chart.rounds")),
  ];
  return svg("svg", { class: "eg-chart", viewBox: `0 0 ${width} ${height}`, role: "img", width, height },
    title,
    ...axes,
    svg("line", { x1: g.left, x2: g.right, y1: g.limit, y2: g.limit, class: "eg-chart-limit" }),
    label,
    ...g.lines.map((pts, p) => svg("polyline", { points: pts.map((q) => q.join(",")).join(" "),
      class: `eg-chart-line eg-chart-p${p}`, fill: "none" })));
}
