/**
 * The search box's script (`~assets/search.js`): plain JavaScript, no request of its own, so it
 * works opened from disk. It reads the index `search-index.js` sets (`window.folioSearch`: one
 * entry per section of a page) and lists the entries holding every word typed.
 */
export const SEARCH_SCRIPT = `(function () {
  var script = document.currentScript;
  var root = script.getAttribute('data-root');
  var fileStyle = script.getAttribute('data-style') === 'file';
  var index = window.folioSearch || [];
  var input = document.querySelector('.search input');
  var results = document.querySelector('.search .results');
  if (!input || !results) return;
  function href(entry) {
    var path = entry.place.map(function (segment) { return encodeURIComponent(segment) + '/'; }).join('');
    return root + path + (fileStyle ? 'index.html' : '') + (entry.anchor ? '#' + encodeURIComponent(entry.anchor) : '');
  }
  function matches(query) {
    var words = query.toLowerCase().split(/\\s+/).filter(Boolean);
    if (words.length === 0) return [];
    return index.filter(function (entry) {
      var text = (entry.title + '\\n' + entry.heading + '\\n' + entry.text).toLowerCase();
      return words.every(function (word) { return text.indexOf(word) >= 0; });
    }).slice(0, 10);
  }
  input.addEventListener('input', function () {
    results.textContent = '';
    matches(input.value).forEach(function (entry) {
      var item = document.createElement('li');
      var anchor = document.createElement('a');
      anchor.href = href(entry);
      anchor.textContent = entry.heading ? entry.title + ' › ' + entry.heading : entry.title;
      item.appendChild(anchor);
      results.appendChild(item);
    });
  });
})();
`;
