import { apiRoute, storeApi } from "~/web/api.server";

/** Any other path under /api is a JSON client's mistake: it is answered as the API answers, never with the HTML 404 page. */
export const loader = apiRoute(storeApi([]), "/api");
export const action = loader;
