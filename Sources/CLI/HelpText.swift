/// The texts `txreport` prints about itself: help, version and the usage-error hint.
package enum HelpText {
  /// The program's version.
  package static let version = "0.1.0"

  /// The text of `txreport --help`.
  package static let help = """
    txreport: credit-card transactions as a banded report, grouped by date

    USAGE
      txreport [OPTIONS]                        the built-in demo data
      txreport --one-source [OPTIONS]           the demo data, read as one stream
      txreport --authorized FILE --posted FILE  one file per group (two-source)
      txreport --all FILE [OPTIONS]             one file holding both groups

    INPUT OPTIONS
      --authorized FILE    the Authorized (group A) transactions
      --posted FILE        the Posted (group P) transactions
      --all FILE           all transactions, each naming its group (one-source)
      --one-source         read the demo data as one stream holding both groups
      --input-format FMT   json, ndjson or csv; by default from each file's
                           extension (.json, .ndjson or .jsonl, .csv), else json
                           A FILE of - reads standard input (for one source).

    OUTPUT OPTIONS
      --format FORMAT      text (default): aligned and banded, for a terminal
                           json: one array of row objects, for scripts
                           markdown: a table per group, for notes and chats
                           html: one self-contained page, for a browser
      --output FILE        write the report to FILE, all at once or not at all
                           (the previous FILE stays as it was on any failure);
                           while a long report is made, a terminal on standard
                           error shows how far it has got
      --width COLUMNS      text width, 40 to 1000; by default COLUMNS, else the
                           terminal's width (either brought into 40 to 1000),
                           else 80
      --color WHEN         auto (default): colour only a terminal, and only
                           when NO_COLOR is not set; or always, or never
      -h, --help           show this help
      --version            show the version

    INPUT
      Records with the fields group (A or P), date (YYYY-MM-DD), description
      (any text), amount (unsigned, at most two decimals, such as 3.11) and
      debit (D for a debit, C for a credit such as a payment), as
        json     [{"group": "A", "date": "2016-04-01", "description": "Starbucks",
                   "amount": "3.11", "debit": "D"}, ...]
        ndjson   one such object per line
        csv      a header row group,date,description,amount,debit (any order),
                 then one row per record
      Records may come in any order; the report groups them by group, then date.

    EXIT STATUS
      0    the report was written
      3    a source file is missing or unreadable: the report shows that
           group's message, and a warning on standard error says why
      64   the command line is wrong
      65   the input holds invalid data: no report; standard error names each
           bad record as FILE:LINE:COLUMN: error: FIELD: PROBLEM (got "VALUE")
      74   the report could not be written (for example, the disk is full, or
           the program reading a pipe has stopped, as in txreport | head)

    EXAMPLES
      txreport
      txreport --authorized authorized.json --posted posted.json --format json
      txreport --all transactions.csv --format html --output report.html
      bank-export | txreport --all - --input-format ndjson

    """

  /// The line printed after a usage error.
  package static let usageHint = "Run 'txreport --help' for usage."
}
