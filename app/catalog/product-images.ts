/**
 * The 4:3 card pictures in public/media (scripts/make-media.sh) a product or an auction can show. A module of its
 * own, so that the pages showing them load no form rules (zod) with the names.
 */
export const PRODUCT_IMAGES = ["fresh-pulasa", "pulasa-curry", "story-queen", "story-monsoon", "story-catch", "story-selection", "story-delivery"] as const;
