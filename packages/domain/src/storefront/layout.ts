/** Spec §9 layout tokens. The same values are CSS custom properties in the storefront's tokens.css. */
/** Named sizes: each is the minimum width at which it starts (xs is everything below sm). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1440, fullhd: 1920, retina: 2436 } as const;
export const GRID_COLUMNS = 12;
export const BASE_FONT = { size: '15px', weight: 400, lineHeight: 1.6 } as const;
export const MODAL_WIDTH = 500;
export const SPINNER = { height: 34, pageLoaderHeight: 50, rotationSeconds: [0.8, 1.6] } as const;
