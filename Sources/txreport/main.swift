// The executable does one thing: hand control to the composition root.
import CompositionRoot

await TransactionReportApp.main()
