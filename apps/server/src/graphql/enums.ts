import { BILLING_PERIODS, CATALOGUE_GROUPS, CONNECTORS, MARKETS, MODELS, PLAN_KINDS, STORE_TYPES, SUBSCRIPTION_STATUSES, VOUCHER_STATUSES } from '@probe/domain';
import { REGION_CODES } from '../modules/address/index.ts';
import { builder } from './builder.ts';

export const CountryCodeEnum = builder.enumType('CountryCode', { values: REGION_CODES });
export const MarketEnum = builder.enumType('Market', { values: MARKETS });
export const ModelEnum = builder.enumType('ProbeModel', { values: MODELS });
export const ConnectorEnum = builder.enumType('Connector', { values: CONNECTORS });
export const BillingPeriodEnum = builder.enumType('BillingPeriod', { values: BILLING_PERIODS });
export const PlanTypeEnum = builder.enumType('PlanType', { values: PLAN_KINDS });
export const StoreTypeEnum = builder.enumType('StoreType', { values: STORE_TYPES });
export const CatalogueGroupEnum = builder.enumType('CatalogueGroup', { values: CATALOGUE_GROUPS });
export const VoucherStatusEnum = builder.enumType('VoucherStatus', { values: VOUCHER_STATUSES });
export const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', { values: SUBSCRIPTION_STATUSES });
