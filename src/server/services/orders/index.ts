/**
 * Orders: queries, lifecycle and transitions, delivery PIN and proof, import and export, rollups, the rider's open orders, the customer's tracking page.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { apiOrderDetail, apiOrderList, apiOrderSummary, companyOrder, trackingUrl } from './api-order-view';
export { createApiOrder } from './api-orders';
export { cancelCompanyOrder } from './order-cancel';
export { exportOrdersReport, ordersReportCsv } from './order-export';
export { importOrders, importTemplateCsv } from './order-import';
export { assignOrder, transitionOrder } from './order-lifecycle';
export { readProofPhoto } from './order-proof';
export type { DeliveryProof } from './order-proof';
export { listOrders, orderDetail } from './order-queries';
export { deliveredSince, ordersCreatedSince, rebuildOrderStats } from './order-stats';
export { riderOrderStatusOnce, riderOrders, riderSetOrderStatus } from './rider-orders';
export { publicTracking } from './tracking-page';
