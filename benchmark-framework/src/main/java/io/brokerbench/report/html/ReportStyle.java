package io.brokerbench.report.html;

/** The page's stylesheet, inline so the report needs nothing but itself (system fonts only). */
final class ReportStyle {

    static final String CSS = """
            :root { --ok: #1e7b34; --ok-bg: #e6f4ea; --bad: #b3261e; --bad-bg: #fce8e6; --muted: #5f6368; --line: #dadce0; }
            * { box-sizing: border-box; }
            body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
                   color: #202124; background: #f6f7f9; }
            .page-head { background: #fff; border-bottom: 1px solid var(--line); padding: 14px 28px; }
            h1 { font-size: 20px; margin: 0; }
            nav { margin-top: 6px; display: flex; flex-wrap: wrap; gap: 4px 18px; }
            nav a, .compare a { color: #202124; text-decoration: none; }
            main { max-width: 1320px; margin: 0 auto; padding: 8px 20px 20px; }
            section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; margin: 18px 0; }
            h2 { font-size: 19px; margin: 0 0 2px; }
            h3 { font-size: 15px; margin: 18px 0 6px; color: #3c4043; }
            h4 { font-size: 13px; margin: 0 0 6px; color: #3c4043; text-transform: uppercase; letter-spacing: .03em; }
            .run-head { border-left: 6px solid #0072b2; padding-left: 12px; }
            .on { color: var(--muted); font-weight: normal; }
            .meta { color: var(--muted); font-size: 12.5px; }
            .reason { color: var(--bad); font-weight: 600; margin: 2px 0; }
            .badge { display: inline-block; font-size: 12px; font-weight: 700; letter-spacing: .04em; padding: 2px 9px;
                     border-radius: 10px; vertical-align: 3px; margin-left: 6px; }
            .badge.ok { color: var(--ok); background: var(--ok-bg); }
            .badge.bad { color: #fff; background: var(--bad); }
            .badge.unknown { color: var(--muted); background: #eceff1; }
            .tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: 14px 0 4px; }
            .tile { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 150px; flex: 1 1 150px; }
            .tile.wide { flex: 2.4 1 540px; }
            .tile.ok { background: var(--ok-bg); border-color: #a8dab5; }
            .tile.ok .big { color: var(--ok); }
            .tile.bad { background: var(--bad-bg); border-color: #f4b4ae; }
            .tile.bad .big { color: var(--bad); }
            .tile.unknown .big { color: var(--muted); }
            .tile-title { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
            .big { font-size: 22px; font-weight: 650; white-space: nowrap; }
            .big small { font-size: 13px; font-weight: normal; color: var(--muted); }
            .sub { font-size: 12.5px; color: var(--muted); }
            .quad { display: flex; flex-wrap: wrap; gap: 4px 22px; }
            .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 14px; }
            figure.chart { margin: 0; border: 1px solid #eceff1; border-radius: 6px; padding: 8px 10px 6px; }
            figcaption { font-weight: 600; font-size: 13.5px; margin-bottom: 2px; }
            svg.plot { width: 100%; height: auto; display: block; }
            svg.plot text { font: 11.5px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: #5f6368; }
            svg.plot .axis-title { font-size: 12px; fill: #3c4043; }
            svg.plot .band-label { font-size: 11px; fill: #80868b; font-style: italic; }
            .grid { stroke: #e8eaed; stroke-width: 1; }
            .xgrid { stroke: #f1f3f4; stroke-width: 1; }
            .axis { stroke: #9aa0a6; stroke-width: 1; }
            .band { fill: #eceff1; }
            .legend { display: flex; flex-wrap: wrap; gap: 2px 16px; font-size: 12.5px; padding: 2px 4px 0 56px; }
            .key svg { vertical-align: middle; margin-right: 5px; }
            .note { font-size: 12px; color: var(--muted); padding-left: 56px; font-style: italic; }
            .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
            details.details { margin-top: 18px; }
            details.details > summary { cursor: pointer; font-weight: 600; color: #3c4043; }
            .detail-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 12px; margin: 10px 0; }
            .panel { border: 1px solid #eceff1; border-radius: 6px; padding: 8px 12px; overflow-x: auto; }
            table { border-collapse: collapse; font-size: 12.5px; }
            table.kv { width: 100%; }
            table.kv th { text-align: left; font-weight: normal; color: var(--muted); padding: 1px 12px 1px 0; vertical-align: top; }
            table.kv td { padding: 1px 0; overflow-wrap: anywhere; vertical-align: top;
                          font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12px; }
            .panel.full { grid-column: 1 / -1; }
            table.grid-table { width: 100%; }
            .grid-table th, .grid-table td { border-bottom: 1px solid #eceff1; padding: 4px 8px; text-align: left; }
            .grid-table th { color: var(--muted); font-weight: 600; font-size: 12px; }
            .grid-table td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            .grid-table tr.bad td { background: var(--bad-bg); }
            .ok-text { color: var(--ok); font-weight: 600; }
            .bad-text { color: var(--bad); font-weight: 600; }
            pre { background: #f8f9fa; border: 1px solid #eceff1; border-radius: 4px; padding: 8px 10px; font-size: 12px;
                  overflow-x: auto; margin: 6px 0 0; }
            footer { max-width: 1320px; margin: 0 auto 30px; padding: 0 24px; color: var(--muted); font-size: 12px; }
            """;

    private ReportStyle() {
    }
}
