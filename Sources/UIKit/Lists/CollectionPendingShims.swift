// TEMPORARY: wt-table declares UISwipeActionsConfiguration with the table view; this goes when it lands.
open class UISwipeActionsConfiguration: NSObject {}
