import { FIND_PHOTO_SIZES, FIND_PHOTOS_FIRST, OWN_PHOTO, PHOTO_WIDTHS } from "../contracts/photos";
import { HOME_TESTIMONIALS } from "../contracts/testimonials";
import type { PagePreloads } from "./preload-links";

/**
 * On /find, once the answer is there: preloads the first cards' photos as the grid will ask them (web/components/
 * AngelPhoto.tsx: WebP renditions, the grid's sizes), so they download while the bundle still loads; first
 * among the images (an image is fetched at low priority until the browser has laid it out in view).
 */
const findPhotos = `function(a){var l=a&&a.find&&a.find.answer.profili||[];
for(var i=0;i<l.length&&i<${FIND_PHOTOS_FIRST};i++){var u=l[i].default_photo;if(!${OWN_PHOTO}.test(u))continue;
var e=document.createElement("link");e.rel="preload";e.as="image";e.type="image/webp";e.setAttribute("fetchpriority","high");
e.setAttribute("imagesrcset",${JSON.stringify(PHOTO_WIDTHS)}.map(function(w){return u+"/w"+w+".webp "+w+"w";}).join(", "));
e.setAttribute("imagesizes",${JSON.stringify(FIND_PHOTO_SIZES)});document.head.appendChild(e);}}`;

/**
 * The script the Worker puts into every page's HTML, before the app's bundle: for a stored session it asks
 * POST /api/first-screen at once, so the session check and the first screen's data travel while the bundle
 * downloads and starts, instead of after it (web/lib/first-screen.ts takes the answer). The HTML itself stays
 * the same for everyone: the member's data comes only in that private answer, never in the page.
 * Only the browser knows whether a session is stored, so it also preloads the page's chunks that depend on
 * it (a member's page and frame, or a visitor's page: `preloads`, file names from the build's map). On the
 * home page it asks a visitor's reviews (the brand's market's, from the host), which the page waits for so they
 * never push the footer down.
 *
 * It reads web/lib/storage.ts's keys and repeats its seed rule (a seed lives 30 minutes), so the find page's
 * own first request is the one answered. Plain ES5, no member's data from the server; a failure leaves the
 * app to verify and fetch its chunks on its own as before.
 */
export const firstScreenScript = (preloads: Pick<PagePreloads, "member" | "visitor">) => `(function(){
var s,t;try{s=localStorage;t=s.getItem("token");}catch(e){}
try{if(!t&&location.pathname==="/")window.__testimonials=fetch("/api/testimonials?count=${HOME_TESTIMONIALS}");}catch(e){}
try{if(t&&location.pathname.indexOf("/ops")!==0){
var b={token:t},k=s.getItem("trackerId");if(k)b.trackerId=k;
if(/^\\/find\\/?$/.test(location.pathname)){
var n=Date.now(),seed=s.getItem("dispenserSeed");
if(!seed||!(n-Number(s.getItem("dispenserSeedTime"))<1800000)){seed=String(Math.floor(Math.random()*1e9));s.setItem("dispenserSeed",seed);s.setItem("dispenserSeedTime",String(n));}
var p=Number(s.getItem("page"));
b.find={page:p>=1&&p<=100000&&p%1===0?p:1,city:s.getItem("city"),seed:seed};}
if(/^\\/match\\/?$/.test(location.pathname))b.match=true;
var r=fetch("/api/first-screen",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(b)});
window.__firstScreen={token:t,response:r};
if(b.find)r.then(function(x){return x.ok?x.clone().json():null;}).then(${findPhotos}).catch(function(){});
}}catch(e){}
try{var f=${JSON.stringify({ m: preloads.member, v: preloads.visitor })}[t?"m":"v"];
for(var i=0;i<f.length;i++){var l=document.createElement("link");
if(/\\.css$/.test(f[i])){l.rel="preload";l.as="style";}else l.rel="modulepreload";
l.crossOrigin="";l.href=f[i];document.head.appendChild(l);}
}catch(e){}})();`;
