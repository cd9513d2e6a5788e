// The executable does one thing: hand control to the composition root.
import CompositionRoot

TransactionReportApp.main()
