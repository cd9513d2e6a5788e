extension HTMLReportRenderer {
  /// The document head, the style sheet and the page title: everything before the first row.
  ///
  /// The look follows the reference phone screens: each date block is a band of #F7F8FC or
  /// #DDDDDD, with a top margin (in the subheader) equal to its bottom margin (the subfooter);
  /// descriptions on the left, amounts on the right in tabular figures; group headers in a dark
  /// bar, group totals set off by a rule, the grand total in a blue bar. On a wide window the
  /// report is a centred card; in print the bands keep their colours and blocks are not split.
  ///
  /// - Parameters:
  ///   - title: The title, already escaped for HTML, in the page's `<title>` and its `<h1>`.
  ///   - language: The language of the page's words (`en`), already escaped.
  /// - Returns: The HTML up to and including the `<h1>`.
  static func pageStart(title: String, language: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="\(language)">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <title>\(title)</title>
    <style>
    \(styleSheet)</style>
    </head>
    <body>
    <main class="report">
    <h1>\(title)</h1>

    """
  }

  private static let styleSheet = """
    :root {
      --odd-band: #F7F8FC;
      --even-band: #DDDDDD;
      --ink: #1C1C1E;
      --secondary-ink: #4A5160;
      --header-bar: #3A4A5E;
      --grand-total-bar: #1F5FAF;
      --warning-edge: #B25E00;
      --warning-background: #FFF4E0;
      --credit: #17703A;
      --canvas: #E9EBF2;
      --inset: 20px;
      --block-margin: 10px;
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0;
      background: var(--canvas);
      color: var(--ink);
      font: 15px/1.4 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", Roboto,
        "Helvetica Neue", Arial, "Liberation Sans", sans-serif;
    }
    .report {
      max-width: 640px;
      margin: 0 auto;
      background: var(--odd-band);
    }
    h1 {
      margin: 0;
      padding: 14px var(--inset);
      background: #FFFFFF;
      border-bottom: 1px solid #C8CBD3;
      font-size: 17px;
      font-weight: 600;
      text-align: center;
      letter-spacing: 0.01em;
    }
    .group h2 {
      margin: 0;
      padding: 16px var(--inset);
      background: var(--header-bar);
      color: #FFFFFF;
      font-size: 17px;
      font-weight: 600;
    }
    table {
      width: 100%;
      border-collapse: collapse;
      font-variant-numeric: tabular-nums;
    }
    th, td {
      padding: 0;
      text-align: left;
      font-weight: normal;
      vertical-align: baseline;
    }
    tr.odd { background: var(--odd-band); }
    tr.even { background: var(--even-band); }
    .subheader th {
      padding: var(--block-margin) var(--inset) 4px;
      color: var(--secondary-ink);
      font-size: 13px;
      font-weight: 600;
      letter-spacing: 0.02em;
    }
    .detail th {
      padding: 4px 12px 4px var(--inset);
      overflow-wrap: anywhere;
    }
    .amount {
      padding-right: var(--inset);
      text-align: right;
      white-space: nowrap;
      font-variant-numeric: tabular-nums;
    }
    .detail .amount { padding-top: 4px; padding-bottom: 4px; }
    .credit { color: var(--credit); }
    .subfooter td { height: var(--block-margin); }
    .footer th, .footer td {
      padding-top: 14px;
      padding-bottom: 14px;
      border-top: 1px solid rgba(28, 28, 30, 0.18);
      font-size: 16px;
      font-weight: 700;
    }
    .footer th { padding-left: var(--inset); }
    .message {
      margin: 0;
      padding: 28px var(--inset);
      background: var(--odd-band);
      color: var(--ink);
      font-size: 16px;
      overflow-wrap: anywhere;
    }
    .warning {
      margin: 0;
      padding: 12px var(--inset);
      border-left: 4px solid var(--warning-edge);
      background: var(--warning-background);
      color: var(--ink);
      overflow-wrap: anywhere;
    }
    .grandfooter {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      align-items: baseline;
      gap: 4px 16px;
      padding: 20px var(--inset);
      background: var(--grand-total-bar);
      color: #FFFFFF;
      font-size: 18px;
      font-weight: 700;
    }
    .grandfooter h2 { margin: 0; font-size: inherit; font-weight: inherit; }
    .grandfooter p { margin: 0; padding: 0; }
    .grandfooter .credit { color: inherit; }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    @media (min-width: 700px) {
      body { padding: 32px 16px; }
      .report {
        border-radius: 14px;
        overflow: hidden;
        box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08), 0 8px 28px rgba(31, 45, 70, 0.14);
      }
    }
    @media print {
      * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      @page { margin: 14mm; }
      body { padding: 0; background: #FFFFFF; }
      .report { max-width: none; box-shadow: none; border-radius: 0; }
      h2 { break-after: avoid; }
      tbody, tfoot, tr, .message, .grandfooter { break-inside: avoid; }
    }

    """
}
