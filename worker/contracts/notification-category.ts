/**
 * categoriaNotifica of an angel's like that answers the member's own like: a match. Apart from
 * engagement.ts's schemas, which the member's frame (on every member page's start) must not load.
 */
export const LIKE_REPLY_CATEGORY = "risposta_a_like";
