/**
 * English messages: the support assistant's answers, figure first (issue 21 item 6). Each tool's answer
 * is one or two sentences from its data; the rows go in a table below it (column labels here).
 */
export const answers = {
  // Joining amounts of several currencies: "KWD 5.000 and AED 20.00".
  'answers.and': '{a} and {b}',
  'answers.yes': 'Yes',
  'answers.no': 'No',
  'answers.unit.company.one': '{n} company',
  'answers.unit.company.other': '{n} companies',
  'answers.unit.ticket.one': '{n} support ticket',
  'answers.unit.ticket.other': '{n} support tickets',

  // cash_reconciliation
  'answers.cash.held.admin': 'Riders hold {onHand} in cash; {transit} more is in transit (handed over, awaiting the company’s count).',
  'answers.cash.held.company': 'Your riders hold {onHand} in cash; {transit} more is in transit (handed over, awaiting your count).',
  'answers.cash.held.rider': 'You hold {onHand} in cash; {transit} more is in transit (handed over, awaiting the company’s count).',
  'answers.cash.heldBy': '{name} holds {onHand} in cash; {transit} more is in transit.',
  'answers.cash.discrepancy': '{amount} in counted differences is still to be resolved.',
  'answers.cash.perRider': 'Per rider: {list}.',
  'answers.cash.riderItem': '{name} has {onHand} on hand and {transit} in transit',
  'answers.cash.none': 'No cash is on hand or in transit.',

  // system_stats
  'answers.stats.admin': 'Today: {orders} created and {revenue} in delivery fees; {active} of {riders} active now, across {companies}. Completion over the last 30 days: {rate}%.',
  'answers.stats.company': '{company} earned {revenue} in delivery fees this month; {open} open now, {fleet} in the fleet, success rate {rate}% over the last 30 days.',
  'answers.stats.rider': 'Today you completed {completed} of {orders} and earned {earnings}; you hold {cash} in cash, with {pending} awaiting the count.',
  'answers.dispatch.status': 'Dispatch is {mode}: {needs} need a rider, {offers} offers are out and {available} available now.',
  'answers.dispatch.auto': 'automatic',
  'answers.dispatch.manual': 'manual',
  'answers.dispatch.needsRider': 'Orders that need a rider',
  'answers.dispatch.notOffered': 'Pending orders not offered',
  'answers.dispatch.offersOut': 'Offers out',
  'answers.dispatch.ridersAvailable': 'Riders available',
  'answers.dispatch.ridersOnDuty': 'Riders on duty',
  'answers.metric.ordersToday': 'Orders today',
  'answers.metric.feesToday': 'Delivery fees today',
  'answers.metric.activeRiders': 'Active riders now',
  'answers.metric.riders': 'Riders',
  'answers.metric.companies': 'Companies',
  'answers.metric.completion30': 'Completion rate (30 days)',
  'answers.metric.feesMonth': 'Delivery fees this month',
  'answers.metric.openOrders': 'Open orders',
  'answers.metric.fleet': 'Fleet size',
  'answers.metric.success30': 'Success rate (30 days)',
  'answers.metric.completedToday': 'Completed today',
  'answers.metric.earningsToday': 'Earnings today',
  'answers.metric.rating': 'Performance rating',

  // search_orders
  'answers.orders.found': '{orders} in all{filter}. The latest: {customer} ({status}, fee {fee}).',
  'answers.orders.filter': ' with status {status}',
  'answers.orders.none': 'No orders match{filter}.',

  // list_riders
  'answers.riders.all': '{riders}: {active} active and {onDuty} on duty now.',
  'answers.riders.page': '{riders} in all; of the {shown} listed, {active} are active and {onDuty} on duty now.',
  'answers.riders.none': 'No riders match.',

  // list_companies
  'answers.companies.all': '{companies}: {active} active, with {riders} and {orders} in all.',
  'answers.companies.own': 'Your company, {name}, works in {region}; it is {state}.',
  'answers.companies.none': 'No companies match.',
  'answers.companies.active': 'active',
  'answers.companies.inactive': 'deactivated',

  // rider_performance
  'answers.performance.rider': '{name} delivered {delivered} of {assigned} in the last {days}: completion {rate}%, {perHour} orders per hour over {hours} h worked, efficiency {efficiency}%.',
  'answers.performance.self': 'You delivered {delivered} of {assigned} in the last {days}: completion {rate}%, {perHour} orders per hour over {hours} h worked, efficiency {efficiency}%.',
  'answers.metric.assigned': 'Assigned',
  'answers.metric.delivered': 'Delivered',
  'answers.metric.failed': 'Failed',
  'answers.metric.cancelled': 'Cancelled',
  'answers.metric.open': 'Open',
  'answers.metric.completion': 'Completion rate',
  'answers.metric.hours': 'Hours worked',
  'answers.metric.perHour': 'Orders per hour',
  'answers.metric.efficiency': 'Efficiency',
  'answers.metric.fees': 'Fees earned',
  'answers.metric.cashCollected': 'Cash collected',

  // list_tickets, create_ticket
  'answers.tickets.count': '{tickets}: {open} open, {progress} in progress, {resolved} resolved.',
  'answers.tickets.none': 'You have no support tickets.',
  'answers.tickets.created': 'Ticket opened: “{subject}”, priority {priority}, status {status}.',

  // analysis_*
  'answers.analysis.financial': '{scope} earned {revenue} in delivery fees from {from} to {to}; {onHand} in cash is still on hand and {pending} awaits the count.',
  'answers.analysis.hr': '{scope}: {hours} h worked in {shifts} from {from} to {to}; {worked} of {riders} worked, with {overtime} h of overtime.',
  'answers.analysis.legal': '{scope}: {issues} of {checks} compliance checks found an issue from {from} to {to}.',
  'answers.analysis.performance': '{scope}: {delivered} of {created} delivered from {from} to {to}; completion {rate}%, {perHour} orders per hour, efficiency {efficiency}%.',
  'answers.check.licenceNumber': 'License number',
  'answers.check.licenceExpiry': 'License expiry',
  'answers.check.workingHours': 'Working hours',
  'answers.check.restBreaks': 'Rest breaks',
  'answers.check.cashHeld': 'Cash held',
  'answers.check.ok': 'OK',
  'answers.check.issue': 'Issue',

  // Table columns
  'answers.col.metric': 'Figure',
  'answers.col.value': 'Value',
  'answers.col.rider': 'Rider',
  'answers.col.company': 'Company',
  'answers.col.customer': 'Customer',
  'answers.col.status': 'Status',
  'answers.col.fee': 'Fee',
  'answers.col.onDuty': 'On duty',
  'answers.col.vehicle': 'Vehicle',
  'answers.col.region': 'Region',
  'answers.col.currency': 'Currency',
  'answers.col.active': 'Active',
  'answers.col.riders': 'Riders',
  'answers.col.orders': 'Orders',
  'answers.col.subject': 'Subject',
  'answers.col.priority': 'Priority',
  'answers.col.comments': 'Comments',
  'answers.col.revenue': 'Delivery fees',
  'answers.col.delivered': 'Delivered',
  'answers.col.collected': 'Cash collected',
  'answers.col.hours': 'Hours',
  'answers.col.shifts': 'Shifts',
  'answers.col.breaks': 'Breaks',
  'answers.col.overtime': 'Overtime (h)',
  'answers.col.perHour': 'Orders/hour',
  'answers.col.efficiency': 'Efficiency',
  'answers.col.check': 'Check',
  'answers.col.who': 'Riders concerned',

  // Instructions for Claude
  'answers.prompt':
    'Answer in {language}. Start with the figure asked for, in one or two sentences (for cash: what riders hold on hand, what is in transit, and each rider when asked). Each tool result begins with such a sentence, written from its data, which you may use as it is; never change a number. The rows of the last tool you used are shown to the user as a table under your answer: do not repeat them as a table.',
  'answers.language': 'English',
} as const;
