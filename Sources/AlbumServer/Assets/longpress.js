// A long press on a touch screen is a right-click: a finger held still for 600 ms on a map sends
// the map a `contextmenu` at that point, which drops a pin (map.js) or picks a new place's
// position (places.js). Browsers differ here (Chromium on Android fires its own contextmenu,
// iOS Safari none; Leaflet's tap handler covers only some), so the pages do it themselves, and
// a native contextmenu that follows within 1.5 s is swallowed so nothing happens twice.
(function () {
  "use strict";
  var HOLD = 600, SLOP = 10;
  var timer = null, start = null, firedAt = 0, firing = false;

  function cancel() { if (timer) { clearTimeout(timer); timer = null; } }
  document.addEventListener("pointerdown", function (e) {
    cancel();
    if (e.pointerType !== "touch" || !e.isPrimary) { return; }
    var target = e.target.closest ? e.target.closest(".leaflet-container") : null;
    if (!target || (e.target.closest && e.target.closest(".leaflet-marker-icon, .leaflet-control, .leaflet-popup"))) { return; }
    start = { x: e.clientX, y: e.clientY, target: target };
    timer = setTimeout(function () {
      timer = null;
      firedAt = Date.now();
      firing = true;
      start.target.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true, clientX: start.x, clientY: start.y, button: 2 }));
      firing = false;
      document.body.setAttribute("data-long-press", String(firedAt));
    }, HOLD);
  }, true);
  document.addEventListener("pointermove", function (e) {
    if (timer && start && Math.abs(e.clientX - start.x) + Math.abs(e.clientY - start.y) > SLOP) { cancel(); }
  }, true);
  ["pointerup", "pointercancel"].forEach(function (name) { document.addEventListener(name, cancel, true); });
  document.addEventListener("contextmenu", function (e) {
    if (!firing && Date.now() - firedAt < 1500) { e.preventDefault(); e.stopPropagation(); }
  }, true);
})();
