/** The product's own logo, shown where no company logo applies (signed out, or a company without one). */
export const PRODUCT_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40" width="200" height="40" role="img" aria-label="RBQM Studio">
<rect x="2" y="4" width="32" height="32" rx="8" fill="#1859c4"/>
<path d="M10 21l6 6 11-13" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
<text x="42" y="27" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="17" font-weight="700" fill="#0b2752">RBQM Studio</text>
</svg>
`;

/**
 * The product's mark without its name: the signed-in fallback, shown beside the product title in the header, which
 * would otherwise read "RBQM Studio" twice (issue 9).
 */
export const PRODUCT_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" role="img" aria-label="RBQM Studio">
<rect x="2" y="4" width="32" height="32" rx="8" fill="#1859c4"/>
<path d="M10 21l6 6 11-13" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
