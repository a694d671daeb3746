// Tags edited in place on the entry cards of /diary and /timeline: "Edit tags" opens a field with
// the card's tags (separated by commas) under the card; Save sends what was added and what was
// removed (PUT /api/entries/ID {addTags, removeTags}) and redraws the card's tags from the answer.
// Cards that infinite scroll appends work too (one listener on the document).
(function () {
  "use strict";
  function tagsOf(span) { return (span.getAttribute("data-tags") || "").split(",").filter(Boolean); }
  function draw(span, tags) {
    span.textContent = "";
    tags.forEach(function (tag, i) {
      if (i > 0) { span.appendChild(document.createTextNode(" · ")); }
      var a = document.createElement("a");
      a.href = "/diary?tag=" + encodeURIComponent(tag);
      a.textContent = "#" + tag;
      span.appendChild(a);
    });
    span.setAttribute("data-tags", tags.join(","));
  }
  function close(form, button) {
    form.parentNode.removeChild(form);
    button.setAttribute("aria-expanded", "false");
    button.focus();
  }
  function open(button) {
    var card = button.closest("article.entry");
    var existing = card.querySelector("form.tag-inline");
    if (existing) { existing.querySelector("input").focus(); return; }
    var span = card.querySelector(".entry-tags");
    var id = button.getAttribute("data-entry");
    var form = document.createElement("form");
    form.className = "tag-inline";
    var label = document.createElement("label");
    label.htmlFor = "tags-of-" + id;
    label.textContent = "Tags (separated by commas)";
    var input = document.createElement("input");
    input.type = "text";
    input.id = "tags-of-" + id;
    input.maxLength = 500;
    input.value = tagsOf(span).join(", ");
    var save = document.createElement("button");
    save.type = "submit";
    save.className = "secondary";
    save.textContent = "Save";
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary";
    cancel.textContent = "Cancel";
    var problem = document.createElement("span");
    problem.className = "problem";
    problem.setAttribute("role", "alert");
    [label, input, save, cancel, problem].forEach(function (el) { form.appendChild(el); });
    button.parentNode.parentNode.insertBefore(form, button.parentNode.nextSibling);
    button.setAttribute("aria-expanded", "true");
    input.focus();
    cancel.addEventListener("click", function () { close(form, button); });
    form.addEventListener("keydown", function (e) { if (e.key === "Escape") { e.preventDefault(); close(form, button); } });
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      problem.textContent = "";
      var before = tagsOf(span);
      var after = input.value.split(",").map(function (t) { return t.trim(); }).filter(Boolean);
      var lower = after.map(function (t) { return t.toLowerCase(); });
      var body = {
        addTags: after.filter(function (t) { return before.indexOf(t.toLowerCase()) < 0; }),
        removeTags: before.filter(function (t) { return lower.indexOf(t) < 0; })
      };
      if (!body.addTags.length && !body.removeTags.length) { return close(form, button); }
      fetch("/api/entries/" + id, {
        method: "PUT", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
      }).then(function (r) {
        return r.json().catch(function () { return null; }).then(function (j) {
          if (!r.ok) { throw new Error((j && j.error && j.error.message) || r.statusText); }
          draw(span, j.tags || []);
          close(form, button);
        });
      }).catch(function (err) { problem.textContent = err.message; });
    });
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button.tags-edit") : null;
    if (button) { open(button); }
  });
})();
