/// The texts `txreport` prints about itself: help, version and the usage-error hint.
public enum HelpText {
  /// The program's version.
  public static let version = "0.1.0"

  /// The text of `txreport --help`.
  public static let help = """
    txreport: credit-card transactions as a banded report, grouped by date

    USAGE
      txreport [OPTIONS]                        the built-in demo data
      txreport --one-source [OPTIONS]           the demo data, read as one stream
      txreport --authorized FILE --posted FILE  one file per group (two-source)
      txreport --all FILE [OPTIONS]             one file holding both groups

    OPTIONS
      --authorized FILE  the Authorized (group A) transactions, as JSON
      --posted FILE      the Posted (group P) transactions, as JSON
      --all FILE         all transactions, each naming its group (one-source)
      --one-source       read the demo data as one stream holding both groups
      --format FORMAT    text (default): aligned and banded, for people
                         json: one array of row objects, for scripts
      --color WHEN       auto (default): colour only a terminal, and only
                         when NO_COLOR is not set; or always, or never
      -h, --help         show this help
      --version          show the version

    INPUT
      A JSON array of objects with the fields group (A or P), date
      (YYYY-MM-DD), description (any text), amount (unsigned, at most two
      decimals, such as 3.11; a string or a number) and debit (D for a debit,
      C for a credit such as a payment). Records may come in any order.

    EXIT STATUS
      0    the report was written
      3    a source file is missing or unreadable: the report shows that
           group's message, and a warning on standard error says why
      64   the command line is wrong
      65   the input holds invalid data: no report; standard error names each
           bad record as FILE:LINE:COLUMN: error: FIELD: PROBLEM (got "VALUE")
      74   the report could not be written (for example, the disk is full)

    EXAMPLES
      txreport
      txreport --authorized authorized.json --posted posted.json --format json
      txreport --all transactions.json --color never

    """

  /// The line printed after a usage error.
  public static let usageHint = "Run 'txreport --help' for usage."
}
