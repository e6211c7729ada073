/** The shop: enabled countries, settings (maintenance) and the visitor's country. */
export { findCountry, getShopSettings, listEnabledCountries, type CountryRow, type ShopSettingsRow } from './repo.ts';
export { geolocate, loadGeoLookup, type GeoLookup } from './geolocation.ts';
export { maintenanceClosedTo, MAINTENANCE_RETRY_AFTER_S, noteMaintenanceState, setMaintenance, type MaintenanceError, type MaintenanceInput } from './maintenance.ts';
