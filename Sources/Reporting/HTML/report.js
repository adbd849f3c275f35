// permsim's HTML report: filters and search over the cases, with no library and no network.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) return;
  var cases = Array.prototype.slice.call(document.querySelectorAll("div.case"));
  var shown = document.getElementById("shown");
  var index = cases.map(function (element) {
    return {
      element: element,
      outcome: element.getAttribute("data-outcome"),
      file: element.getAttribute("data-file"),
      ios: element.getAttribute("data-ios"),
      tags: (element.getAttribute("data-tags") || "").split(" "),
      text: element.getAttribute("data-search")
    };
  });
  function apply() {
    var outcomes = {};
    form.querySelectorAll("input[name=outcome]").forEach(function (box) { outcomes[box.value] = box.checked; });
    var file = form.elements.file.value, tag = form.elements.tag.value, ios = form.elements.ios.value;
    var words = form.elements.search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var count = 0;
    index.forEach(function (entry) {
      var visible = outcomes[entry.outcome] !== false
        && (!file || entry.file === file)
        && (!ios || entry.ios === ios)
        && (!tag || entry.tags.indexOf(tag) >= 0)
        && words.every(function (word) { return entry.text.indexOf(word) >= 0; });
      entry.element.hidden = !visible;
      if (visible) count += 1;
    });
    shown.textContent = count + " of " + index.length + " cases shown";
  }
  // The filters can come from the address (report.html?outcome=failed&search=onboarding&open=1), to link
  // to a view of the report; open=1 opens the cases shown (the first 50).
  var params = new URLSearchParams(location.search);
  ["file", "tag", "ios", "search"].forEach(function (name) {
    if (params.has(name)) form.elements[name].value = params.get(name);
  });
  if (params.has("outcome")) {
    var wanted = params.get("outcome").split(",");
    form.querySelectorAll("input[name=outcome]").forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  // A link to a case opens it.
  function openTarget() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    var details = target && target.querySelector("details");
    if (details) {
      details.open = true;
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", openTarget);
  apply();
  if (params.get("open") === "1") {
    index.filter(function (entry) { return !entry.element.hidden; }).slice(0, 50).forEach(function (entry) {
      var details = entry.element.querySelector("details");
      if (details) details.open = true;
    });
  }
  openTarget();
})();
