// Look-alikes folded on the timeline and album pages (decision 0125): a tile's "+N" badge
// shows or hides the N photos folded under it (`data-fold-of` its id), which the server
// rendered hidden. Delegated on the document: pages the timeline appends as it scrolls work too.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var badge = e.target.closest ? e.target.closest("button.fold-badge") : null;
    if (!badge) { return; }
    e.preventDefault();
    e.stopPropagation();
    var open = badge.getAttribute("aria-expanded") !== "true";
    badge.setAttribute("aria-expanded", String(open));
    var lead = badge.closest(".slot");
    if (lead) { lead.classList.toggle("fold-open", open); }
    var id = badge.getAttribute("data-fold");
    Array.prototype.forEach.call(document.querySelectorAll('.slot[data-fold-of="' + id + '"]'), function (slot) {
      slot.hidden = !open;
      slot.classList.toggle("fold-member", open);
    });
  }, true);
})();
