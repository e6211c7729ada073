/** Orders: idempotent placement, payments applied from the gateway, invoices. */
export { orderDetails, orderInvoicesOf, orderLinesOf, orderPaymentsOf, placeOrder, type OrderDetails, type OrderRow } from './place-order.ts';
export { applyGatewayEvent, beforePlaceOrder, payInvoice, payOrder, startInvoicePayment, startOrderPayment, type PaymentStart } from './payment-service.ts';
export { orderMailFor, ORDER_MAIL_TOPICS } from './emails/order-mail.ts';
export { renderOrderMail, type OrderMail, type OrderMailFacts } from './emails/render.tsx';
export { listOrders, markInvoicePaidByStaff, orderForStaff, ordersCsv, resendOrderConfirmation, type OrderCursor, type OrderFilter, type OrderListRow } from './staff-orders.ts';
export { refundOrder, type RefundError, type RefundInput, type RefundLine, type RefundRow, type RefundWithLines } from './refund-order.ts';
export { cancelOrder, type CancelError } from './cancel-order.ts';
export { orderCreditNotesOf, type CreditNoteRow } from './credit-notes.ts';
export { orderShipmentsOf, shipOrder, type ShipError, type ShipInput, type ShipmentLine, type ShipmentWithLines } from './ship-order.ts';
export { CARRIER_CODES, CARRIERS, type CarrierCode } from './carriers.ts';
export { openReturn, orderReturnsOf, receiveReturn, refundReturn, RETURN_REASONS, returnNumber, type ReturnError, type ReturnLine, type ReturnReason, type ReturnState, type ReturnWithLines } from './return-order.ts';
export { FULFILMENT_STATES, orderStatesOf, PAYMENT_STATES, RETURN_ACTIONS, type ReturnAction, type FulfilmentState, type OrderStates, type PaymentState } from './order-states.ts';
export { salesReport, type SalesReport } from './sales-report.ts';
export { reconcileHandler, reconcilePayments, scheduleReconcile, RECONCILE_TOPIC, type ReconcileOptions } from './reconcile.ts';
export { SAVED_KIND_METHOD, savedMethodsForCheckout } from './saved-method-payment.ts';
