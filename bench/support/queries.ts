/** The anonymous Shop query for US / en that the soak's buyers and the cache-hit benchmark send: devices and accessories with prices. */
export const SHOP_US_EN = `query Shop { shop { storeType catalogue(country: US, languageCode: EN_US) { currency promos { code bannerMessage }
  devices: variants(group: IQ_DEVICE) { id sku name product { name slug } pricing { price { gross { amount currency } } } }
  accessories: variants(group: ACCESSORIES) { id sku name pricing { price { gross { amount currency } } } } } } }`;
