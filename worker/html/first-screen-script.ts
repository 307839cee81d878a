/**
 * The script the Worker puts into every page's HTML, before the app's bundle: for a stored session it asks
 * POST /api/first-screen at once, so the session check and the first screen's data travel while the bundle
 * downloads and starts, instead of after it (web/lib/first-screen.ts takes the answer). The HTML itself stays
 * the same for everyone: the member's data comes only in that private answer, never in the page.
 *
 * It reads web/lib/storage.ts's keys and repeats its seed rule (a seed lives 30 minutes), so the find page's
 * own first request is the one answered. Plain ES5, no data from the server; a failure leaves the app to
 * verify on its own as before.
 */
export const FIRST_SCREEN_SCRIPT = `(function(){try{
var s=localStorage,t=s.getItem("token");
if(!t||location.pathname.indexOf("/ops")===0)return;
var b={token:t},k=s.getItem("trackerId");if(k)b.trackerId=k;
if(/^\\/find\\/?$/.test(location.pathname)){
var n=Date.now(),seed=s.getItem("dispenserSeed");
if(!seed||!(n-Number(s.getItem("dispenserSeedTime"))<1800000)){seed=String(Math.floor(Math.random()*1e9));s.setItem("dispenserSeed",seed);s.setItem("dispenserSeedTime",String(n));}
var p=Number(s.getItem("page"));
b.find={page:p>=1&&p<=100000&&p%1===0?p:1,city:s.getItem("city"),seed:seed};}
if(/^\\/match\\/?$/.test(location.pathname))b.match=true;
window.__firstScreen={token:t,response:fetch("/api/first-screen",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify(b)})};
}catch(e){}})();`;
