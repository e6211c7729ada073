/** Promotions staff run: promos with codes (voucher, affiliate and referral codes, with their banners), dated offers, banners (the code-less student prices are catalogue data). */
export { CODE_KINDS, listPromos, PROMO_TRANSLATION_LANGUAGES, savePromo, setPromoActive, type PromoInput, type PromoResult, type PromoTranslation, type PromoView } from './promos.ts';
export { deleteOffer, listOffers, saveOffer, type OfferInput, type OfferRow } from './offers.ts';
export { bannerTranslations, deleteBanner, listBanners, saveBanner, type BannerInput, type BannerRow, type BannerTranslation } from './banners.ts';
export { BANNER_PAGES, type FieldError } from './checks.ts';
