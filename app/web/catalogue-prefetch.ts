/**
 * An inline script in the page that starts fetching the page language's catalogue (`<html data-catalogue>`) while
 * the page's modules load, so hydration does not wait for it afterwards. Without cookies, so that every visitor's
 * browser and the edge cache keep the file. A failure is handled at once (a shopper leaving cancels the fetch);
 * the entry module reports it when it reads the promise.
 */
export const CATALOGUE_PREFETCH = `(function(){var c=document.documentElement.dataset.catalogue;if(!c)return;
window.__catalogue=fetch(c,{credentials:"omit"}).then(function(r){return r.ok?r.json():Promise.reject(new Error(c+": "+r.status))});
window.__catalogue.catch(function(){})})()`;
