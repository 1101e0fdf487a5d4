extension HTMLReport {
    /// The page's script, written here in plain JavaScript: pan and zoom, search, details, filters, clusters,
    /// neighbourhoods, the lifetime timeline and its cursor, the findings table. Trace text only ever goes
    /// into the page through `textContent` and attribute values, never as markup.
    static let script = #"""
    (function () {
      'use strict';
      var status = document.getElementById('lego-status');
      var errors = [];
      function noteError(message) {
        errors.push(String(message));
        if (status) status.setAttribute('data-errors', String(errors.length));
      }
      window.addEventListener('error', function (event) { noteError(event.message); });
      var consoleError = console.error;
      console.error = function () { noteError(Array.prototype.join.call(arguments, ' ')); consoleError.apply(console, arguments); };

      var data = JSON.parse(document.getElementById('lego-data').textContent);
      var graph = data.graph, report = data.report, timeline = data.timeline, page = data.page;
      // The timeline is written compactly (TimelineJSON): names in tables, a bar as an array of numbers.
      timeline.bars = timeline.bars.map(function (b, index) {
        function at(seq, time) { return seq === null ? null : [seq, time]; }
        var ticks = [];
        for (var i = 0; i < b[14].length; i += 3) ticks.push([b[14][i], b[14][i + 1], timeline.labels[b[14][i + 2]]]);
        return { index: index, module: timeline.modules[b[0]], instance: timeline.classes[b[1]] + '#' + b[3], kind: timeline.kinds[b[2]],
          lane: b[4], assembled: [b[5], b[6]], shown: at(b[7], b[8]), gone: at(b[9], b[10]), reason: b[11] === null ? null : timeline.labels[b[11]],
          released: at(b[12], b[13]), ticks: ticks };
      });
      var SVGNS = 'http://www.w3.org/2000/svg';
      var MARK_CAPTIONS = { leaked: 'leaked', duplicateName: 'duplicate name', illegalURL: 'illegal URL', orphan: 'orphan (not a leak)',
        unconfirmed: 'unconfirmed (trace stopped early)', other: 'other finding' };

      // Bidi controls in a name would reorder what a person reads (U+202E makes "gnp.exe" read "exe.png"): every text
      // the page shows spells them out, as the DOT labels and text reports do.
      function visible(text) {
        return String(text).replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, function (c) {
          return '\\u{' + c.charCodeAt(0).toString(16).toUpperCase() + '}';
        });
      }
      function element(tag, className, text) {
        var node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined && text !== null) node.textContent = visible(text);
        return node;
      }
      function svgElement(tag, attributes) {
        var node = document.createElementNS(SVGNS, tag);
        for (var key in attributes) node.setAttribute(key, attributes[key]);
        return node;
      }
      function seconds(t) { return (Math.round(t * 1000) / 1000).toFixed(3) + ' s'; }
      function moment(m) { return m ? 'seq ' + m[0] + ' at ' + seconds(m[1]) : '—'; }

      var notice = document.getElementById('notice');
      if (page.notice) { notice.textContent = page.notice; notice.hidden = false; }

      // ---- data indexes -------------------------------------------------------------------------------
      var nodes = graph.nodes, edges = graph.edges;
      var nodeIndexById = new Map();
      nodes.forEach(function (node, index) { nodeIndexById.set(node.id, index); });
      var edgesOfNode = nodes.map(function () { return []; });
      edges.forEach(function (edge, index) {
        var from = nodeIndexById.get(edge.from), to = nodeIndexById.get(edge.to);
        if (from !== undefined) edgesOfNode[from].push(index);
        if (to !== undefined && to !== from) edgesOfNode[to].push(index);
      });
      var findingsByModule = new Map();
      report.findings.forEach(function (finding, index) {
        finding.index = index;
        finding.mark = (page.findingMarks || [])[index] || 'other';
        if (finding.module === null) return;
        if (!findingsByModule.has(finding.module)) findingsByModule.set(finding.module, []);
        findingsByModule.get(finding.module).push(finding);
      });
      var barsByModule = new Map();
      timeline.bars.forEach(function (bar) {
        if (!barsByModule.has(bar.module)) barsByModule.set(bar.module, []);
        barsByModule.get(bar.module).push(bar);
      });

      // ---- the graph: find what Graphviz drew ---------------------------------------------------------
      var graphBox = document.getElementById('graph');
      var svg = graphBox.querySelector('svg');
      var nodeElements = new Array(nodes.length), edgeElements = new Array(edges.length);
      var clusters = [];
      var drawnNodes = 0;
      if (svg) {
        svg.removeAttribute('width');
        svg.removeAttribute('height');
        svg.querySelectorAll('g.node').forEach(function (group) {
          var match = /^n(\d+)$/.exec(group.id);
          if (match && +match[1] < nodes.length) { nodeElements[+match[1]] = group; group.setAttribute('data-index', match[1]); drawnNodes++; }
        });
        svg.querySelectorAll('g.edge').forEach(function (group) {
          var match = /^e(\d+)$/.exec(group.id);
          if (match && +match[1] < edges.length) edgeElements[+match[1]] = group;
        });
        svg.querySelectorAll('g.cluster').forEach(function (group) {
          var title = group.querySelector('title');
          var key = title ? title.textContent : '';
          if (key.indexOf('cluster_url:') !== 0) return;
          key = key.slice('cluster_url:'.length);
          var label = group.querySelector('text');
          clusters.push({ key: key, group: group, label: label, text: label ? label.textContent : key, collapsed: false,
            members: nodes.map(function (node, index) { return node.cluster.indexOf(key) >= 0 ? index : -1; }).filter(function (i) { return i >= 0; }) });
        });
      }

      // ---- pan and zoom --------------------------------------------------------------------------------
      var fullView = null, view = null;
      function setView(next) { view = next; svg.setAttribute('viewBox', next.x + ' ' + next.y + ' ' + next.w + ' ' + next.h); }
      function toSVG(clientX, clientY) {
        var matrix = svg.getScreenCTM();
        if (!matrix) return { x: 0, y: 0 };
        var point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
        return { x: point.x, y: point.y };
      }
      function fit() { if (fullView) setView({ x: fullView.x, y: fullView.y, w: fullView.w, h: fullView.h }); }
      if (svg) {
        var box = svg.viewBox.baseVal;
        fullView = box && box.width ? { x: box.x, y: box.y, w: box.width, h: box.height } : { x: 0, y: 0, w: 1000, h: 1000 };
        fit();
        graphBox.addEventListener('wheel', function (event) {
          event.preventDefault();
          var factor = Math.exp(Math.max(-1, Math.min(1, event.deltaY * 0.002)));
          var point = toSVG(event.clientX, event.clientY);
          var w = Math.max(20, Math.min(fullView.w * 20, view.w * factor)), scale = w / view.w;
          setView({ x: point.x - (point.x - view.x) * scale, y: point.y - (point.y - view.y) * scale, w: w, h: view.h * scale });
        }, { passive: false });
        var drag = null;
        graphBox.addEventListener('pointerdown', function (event) {
          if (event.button !== 0) return;
          drag = { x: event.clientX, y: event.clientY, view: view, moved: false };
        });
        window.addEventListener('pointermove', function (event) {
          if (!drag) return;
          var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
          if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
          drag.moved = true;
          graphBox.classList.add('dragging');
          var rect = graphBox.getBoundingClientRect();
          var unit = Math.max(drag.view.w / rect.width, drag.view.h / rect.height);
          setView({ x: drag.view.x - dx * unit, y: drag.view.y - dy * unit, w: drag.view.w, h: drag.view.h });
        });
        window.addEventListener('pointerup', function () {
          if (drag && drag.moved) { graphBox.addEventListener('click', function swallow(event) { event.stopPropagation(); graphBox.removeEventListener('click', swallow, true); }, true); }
          drag = null;
          graphBox.classList.remove('dragging');
        });
      }
      function zoomTo(group) {
        if (!svg || !group) return;
        var rect = group.getBoundingClientRect();
        if (!rect.width && !rect.height) return;
        var a = toSVG(rect.left, rect.top), b = toSVG(rect.right, rect.bottom);
        var cx = (a.x + b.x) / 2, cy = (a.y + b.y) / 2;
        var pane = graphBox.getBoundingClientRect();
        var w = Math.max((b.x - a.x) * 10, 900), h = w * (pane.height / Math.max(pane.width, 1));
        setView({ x: cx - w / 2, y: cy - h / 2, w: w, h: h });
      }

      // ---- selection, neighbourhood and details ----------------------------------------------------------
      var panel = document.getElementById('panel');
      var selected = -1;
      function clearSelection() {
        if (!svg) return;
        svg.classList.remove('focus');
        svg.querySelectorAll('.hl, .selected').forEach(function (group) { group.classList.remove('hl'); group.classList.remove('selected'); });
        selected = -1;
      }
      function select(index, options) {
        options = options || {};
        clearSelection();
        selected = index;
        var node = nodes[index];
        var group = nodeElements[index];
        if (svg && group) {
          svg.classList.add('focus');
          group.classList.add('selected');
          group.classList.add('hl');
          edgesOfNode[index].forEach(function (edgeIndex) {
            var edge = edges[edgeIndex];
            if (edgeElements[edgeIndex]) edgeElements[edgeIndex].classList.add('hl');
            [edge.from, edge.to].forEach(function (id) {
              var other = nodeElements[nodeIndexById.get(id)];
              if (other) other.classList.add('hl');
            });
          });
          if (options.zoom !== false) zoomTo(group);
        }
        showDetails(node);
        highlightTimelineRow(node.name);
        if (history.replaceState && !options.keepHash) history.replaceState(null, '', '#module=' + encodeURIComponent(node.name));
        if (status) status.setAttribute('data-selected', node.name);
      }
      function list(items, render) {
        var ul = element('ul');
        items.forEach(function (item) { var li = element('li'); render(li, item); ul.appendChild(li); });
        return ul;
      }
      function section(title) { panel.appendChild(element('h3', null, title)); }
      function nodeButton(id) {
        var button = element('button', 'link', nodes[nodeIndexById.get(id)].name);
        button.type = 'button';
        button.addEventListener('click', function () { select(nodeIndexById.get(id)); });
        return button;
      }
      function showFindings(node) {
        var findings = findingsByModule.get(node.name) || [];
        section('Findings (' + findings.length + ')');
        findings.forEach(function (finding) { panel.appendChild(findingDetails(finding)); });
      }
      // NNModule-swift's services, impls, routers, routes, redirects and interceptors have no instances or lifetimes:
      // their panel says what the framework registered and how each relation of the node came about.
      var ENTITY_CAPTIONS = { service: 'service', implementation: 'implementation class', router: 'router', route: 'route',
        redirect: 'route named only by a redirect', interceptor: 'interceptor' };
      var RELATION_OUT = { implements: 'implemented by', ignored: 'ignored registration of', subRouter: 'forwards to router',
        redirect: 'redirected to', intercepts: 'runs in the chain of', push: 'pushed', present: 'presented', sub: 'sub-module',
        event: 'sent events to', urlParent: 'URL parent of' };
      var RELATION_IN = { implements: 'implements', ignored: 'registered but ignored for', subRouter: 'forwarded from route',
        redirect: 'redirected from', intercepts: 'intercepted by', push: 'pushed by', present: 'presented by', sub: 'sub-module of',
        event: 'received events from', urlParent: 'URL child of' };
      function showEntityDetails(node) {
        var inRouter = node.kind !== 'router' && node.cluster.length ? ' · in ' + node.cluster[0] : '';
        panel.appendChild(element('div', 'muted', (ENTITY_CAPTIONS[node.kind] || node.kind) + inRouter));
        if (node.details && node.details.length) { section('Facts'); panel.appendChild(list(node.details, function (li, text) { li.textContent = visible(text); })); }
        var related = edgesOfNode[selected].map(function (edgeIndex) { return edges[edgeIndex]; })
          .filter(function (edge) { return edge.from !== edge.to; });
        section('Relations (' + related.length + ')');
        if (!related.length) panel.appendChild(element('p', 'muted', 'None in this trace.'));
        panel.appendChild(list(related, function (li, edge) {
          var outgoing = edge.from === node.id;
          li.setAttribute('data-relation', edge.relation);
          li.appendChild(document.createTextNode(visible(((outgoing ? RELATION_OUT : RELATION_IN)[edge.relation] || edge.relation) + ' ')));
          li.appendChild(nodeButton(outgoing ? edge.to : edge.from));
          var facts = [];
          if (edge.priority !== undefined) facts.push('priority ' + edge.priority);
          if (edge.reason !== undefined) facts.push(edge.reason);
          if (edge.count > 1) facts.push('×' + edge.count);
          if (edge.urls && edge.urls.length) facts.push(edge.urls.join(', '));
          if (facts.length) li.appendChild(document.createTextNode(visible(' (' + facts.join('; ') + ')')));
        }));
        showFindings(node);
      }
      function showDetails(node) {
        panel.textContent = '';
        panel.appendChild(element('h2', null, node.name));
        if (node.entity) { showEntityDetails(node); return; }
        panel.appendChild(element('div', 'muted', node.kind + (node.gene ? ' · shares ' + node.gene : '') + ' · ' + (node.reached ? node.instances.length + ' instance' + (node.instances.length === 1 ? '' : 's') + ', ' + node.live + ' alive at the end' : 'declared, never reached in this trace')));
        if (node.urls.length) { section('URLs'); panel.appendChild(list(node.urls, function (li, url) { li.textContent = visible(url); })); }
        var bars = (barsByModule.get(node.name) || []).filter(function (bar) { return node.instances.indexOf(bar.instance) >= 0 || graph.scope === 'history'; });
        section('Instances and lifetimes');
        if (!bars.length) panel.appendChild(element('p', 'muted', 'No assembled instance in the trace.'));
        else panel.appendChild(list(bars.slice(0, 200), function (li, bar) {
          li.appendChild(element('strong', null, bar.instance));
          var text = ' assembled ' + moment(bar.assembled);
          if (bar.shown) text += '; shown ' + moment(bar.shown);
          if (bar.gone) text += '; screen ' + bar.reason + ' ' + moment(bar.gone);
          text += bar.released ? '; released ' + moment(bar.released) : '; still alive when the trace ends';
          li.appendChild(document.createTextNode(visible(text)));
        }));
        if (bars.length > 200) panel.appendChild(element('p', 'muted', '+' + (bars.length - 200) + ' more'));
        if (node.classes.length) { section('Classes'); panel.appendChild(element('p', null, node.classes.join(', '))); }
        if (node.controllers && node.controllers.length) { section('Controllers'); panel.appendChild(element('p', null, node.controllers.join(', '))); }
        showFindings(node);
        var neighbours = new Set();
        edgesOfNode[selected].forEach(function (edgeIndex) { var e = edges[edgeIndex]; neighbours.add(e.from === node.id ? e.to : e.from); });
        neighbours.delete(node.id);
        if (neighbours.size) {
          section('Neighbours');
          panel.appendChild(list(Array.from(neighbours).sort(), function (li, id) { li.appendChild(nodeButton(id)); }));
        }
      }
      function findingDetails(finding) {
        var box = element('div', 'finding');
        var head = element('p');
        head.appendChild(element('span', 'sev-' + finding.severity, finding.severity));
        head.appendChild(document.createTextNode(visible(' ' + finding.ruleId + (finding.instance ? ' · ' + finding.instance : '') + ' ')));
        if (page.findingsTable) {
          var link = element('button', 'link', 'in the table');
          link.type = 'button';
          link.addEventListener('click', function () { showFindingRow(finding.index); });
          head.appendChild(link);
        }
        box.appendChild(head);
        var message = element('p', null, finding.message);
        message.style.whiteSpace = 'pre-wrap';
        box.appendChild(message);
        if (finding.evidence.length) box.appendChild(list(finding.evidence, function (li, evidence) {
          li.textContent = visible('seq ' + evidence.seq + ' at ' + seconds(evidence.time) + ' · ' + evidence.kind + ': ' + evidence.note);
        }));
        return box;
      }
      if (svg) svg.addEventListener('click', function (event) {
        var group = event.target.closest('g.node');
        if (group && group.hasAttribute('data-index')) { event.preventDefault(); select(+group.getAttribute('data-index'), { zoom: false }); return; }
        var clusterGroup = event.target.closest('g.cluster');
        if (clusterGroup) { var cluster = clusters.find(function (c) { return c.group === clusterGroup; }); if (cluster) { toggleCluster(cluster); return; } }
      });

      // ---- search ----------------------------------------------------------------------------------------
      var searchInput = document.getElementById('search');
      var results = document.getElementById('search-results');
      function search(query) {
        var q = query.trim().toLowerCase();
        if (!q) return [];
        var found = [];
        nodes.forEach(function (node, index) {
          var name = node.name.toLowerCase();
          var at = name.indexOf(q);
          if (at >= 0) found.push({ index: index, rank: name === q ? 0 : at === 0 ? 1 : 2 });
        });
        found.sort(function (a, b) { return a.rank - b.rank || (nodes[a.index].name < nodes[b.index].name ? -1 : 1); });
        return found.map(function (f) { return f.index; });
      }
      function showResults() {
        var found = search(searchInput.value);
        results.textContent = '';
        found.slice(0, 50).forEach(function (index, position) {
          var li = element('li', position === 0 ? 'active' : '', nodes[index].name + (nodes[index].marks.length ? '  ⚠' : ''));
          li.setAttribute('data-index', String(index));
          li.addEventListener('mousedown', function (event) { event.preventDefault(); results.hidden = true; select(index); });
          results.appendChild(li);
        });
        if (found.length > 50) results.appendChild(element('li', 'muted', '+' + (found.length - 50) + ' more'));
        results.hidden = !searchInput.value.trim();
        if (!found.length && searchInput.value.trim()) results.appendChild(element('li', 'muted', 'no module matches'));
        return found;
      }
      searchInput.addEventListener('input', showResults);
      searchInput.addEventListener('blur', function () { results.hidden = true; });
      // Arrows move through the results, Enter opens the highlighted one, Escape leaves the search.
      searchInput.addEventListener('keydown', function (event) {
        if (event.key === 'Escape') { results.hidden = true; searchInput.blur(); return; }
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        var items = Array.prototype.filter.call(results.children, function (li) { return li.hasAttribute('data-index'); });
        if (!items.length) return;
        results.hidden = false;
        var current = items.findIndex(function (li) { return li.classList.contains('active'); });
        var next = Math.max(0, Math.min(items.length - 1, current + (event.key === 'ArrowDown' ? 1 : -1)));
        items.forEach(function (li, i) { li.classList.toggle('active', i === next); });
        items[next].scrollIntoView({ block: 'nearest' });
      });
      document.getElementById('search-form').addEventListener('submit', function (event) {
        event.preventDefault();
        var active = results.querySelector('li.active[data-index]');
        var found = search(searchInput.value);
        results.hidden = true;
        if (active) select(+active.getAttribute('data-index')); else if (found.length) select(found[0]);
      });
      // `/` anywhere but in a text field goes to the search, as on GitHub.
      document.addEventListener('keydown', function (event) {
        var target = event.target;
        var typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
        if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          searchInput.focus();
          searchInput.select();
        }
      });

      // ---- filter by finding kind ---------------------------------------------------------------------------
      var filterBox = document.getElementById('filters');
      var activeKinds = new Set();
      var kindsPresent = ['leaked', 'duplicateName', 'illegalURL', 'orphan', 'unconfirmed', 'other'].filter(function (kind) {
        return report.findings.some(function (f) { return f.mark === kind; });
      });
      kindsPresent.forEach(function (kind) {
        var label = element('label');
        var box = element('input');
        box.type = 'checkbox';
        box.value = kind;
        box.addEventListener('change', function () { if (box.checked) activeKinds.add(kind); else activeKinds.delete(kind); applyFilter(); });
        label.appendChild(box);
        var count = report.findings.filter(function (f) { return f.mark === kind; }).length;
        label.appendChild(document.createTextNode(MARK_CAPTIONS[kind] + ' (' + count + ')'));
        filterBox.appendChild(label);
      });
      function applyFilter() {
        var on = activeKinds.size > 0;
        if (svg) {
          svg.classList.toggle('filtering', on);
          nodes.forEach(function (node, index) {
            if (!nodeElements[index]) return;
            var match = (findingsByModule.get(node.name) || []).some(function (f) { return activeKinds.has(f.mark); });
            nodeElements[index].classList.toggle('match', on && match);
          });
        }
        findingRows.forEach(function (row, index) { row.classList.toggle('hidden', on && !activeKinds.has(report.findings[index].mark)); });
      }

      // ---- URL clusters ------------------------------------------------------------------------------------
      function setCollapsed(cluster, collapsed) {
        cluster.collapsed = collapsed;
        cluster.group.classList.toggle('collapsed', collapsed);
        var inside = new Set(cluster.members);
        cluster.members.forEach(function (index) { if (nodeElements[index]) nodeElements[index].classList.toggle('collapsed-member', collapsed); });
        edges.forEach(function (edge, index) {
          if (inside.has(nodeIndexById.get(edge.from)) && inside.has(nodeIndexById.get(edge.to)) && edgeElements[index]) edgeElements[index].classList.toggle('collapsed-member', collapsed);
        });
        clusters.forEach(function (other) {
          if (other !== cluster && other.key.indexOf(cluster.key + '/') === 0) other.group.classList.toggle('collapsed-member', collapsed);
        });
        if (cluster.label) cluster.label.textContent = visible(collapsed ? '▸ ' + cluster.text + ' (' + cluster.members.length + ' modules)' : cluster.text);
      }
      function toggleCluster(cluster) { setCollapsed(cluster, !cluster.collapsed); }
      document.getElementById('collapse-all').addEventListener('click', function () {
        clusters.forEach(function (cluster) {
          var nested = clusters.some(function (other) { return other !== cluster && cluster.key.indexOf(other.key + '/') === 0; });
          if (!nested) setCollapsed(cluster, true);
        });
      });
      document.getElementById('expand-all').addEventListener('click', function () { clusters.forEach(function (cluster) { setCollapsed(cluster, false); }); });
      document.getElementById('fit').addEventListener('click', fit);
      document.getElementById('clear').addEventListener('click', function () {
        clearSelection();
        setCursor(null);
        panel.textContent = '';
        panel.appendChild(element('p', 'hint', 'Click a module for its instances, lifetimes, URLs and findings.'));
        highlightTimelineRow(null);
        fit();
      });

      // ---- findings table ----------------------------------------------------------------------------------
      var findingRows = [];
      if (page.findingsTable) {
        var body = document.querySelector('#findings tbody');
        report.findings.forEach(function (finding, index) {
          var row = element('tr');
          row.id = 'finding-' + index;
          row.appendChild(element('td', null, String(index + 1)));
          row.appendChild(element('td', 'sev-' + finding.severity, finding.severity));
          row.appendChild(element('td', null, finding.ruleId));
          var moduleCell = element('td');
          if (finding.module !== null) {
            var link = element('button', 'link', finding.module);
            link.type = 'button';
            moduleCell.appendChild(link);
          }
          row.appendChild(moduleCell);
          row.appendChild(element('td', 'location', locationOf(finding)));
          var message = element('td', null, finding.message.split('\n')[0]);
          message.title = visible(finding.message);
          row.appendChild(message);
          row.appendChild(element('td', null, 'seq ' + finding.first.seq + ' at ' + seconds(finding.first.time)));
          row.tabIndex = 0;
          row.addEventListener('keydown', function (event) {
            var next = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
            if (next) {
              event.preventDefault();
              for (var i = index + next; i >= 0 && i < findingRows.length; i += next) {
                if (!findingRows[i].classList.contains('hidden')) { findingRows[i].focus(); break; }
              }
            } else if (event.key === 'Enter') { event.preventDefault(); row.click(); }
          });
          row.addEventListener('click', function () {
            markRow(index);
            var target = finding.module === null ? undefined : nodes.findIndex(function (node) { return node.name === finding.module; });
            if (target !== undefined && target >= 0) select(target);
          });
          body.appendChild(row);
          findingRows.push(row);
        });
      }
      if (page.findingsTable && !report.findings.length) {
        document.getElementById('findings-empty').hidden = false;
        document.getElementById('findings').hidden = true;
      }
      // `file:line` of a finding: its scenario, console-log or source line, else the trace's line of its first event.
      function locationOf(finding) {
        if (finding.location) return finding.location.file + ':' + finding.location.line;
        return finding.first.traceLine ? report.trace.path + ':' + finding.first.traceLine : 'seq ' + finding.first.seq;
      }
      function markRow(index) { findingRows.forEach(function (row, i) { row.classList.toggle('selected', i === index); }); }
      function showFindingRow(index) {
        markRow(index);
        if (findingRows[index]) findingRows[index].scrollIntoView({ block: 'center' });
      }

      // ---- the lifetime timeline ----------------------------------------------------------------------------
      // Rows are drawn as they scroll into view: a 3,000-module trace has tens of thousands of bars.
      var timelineBox = document.getElementById('timeline');
      var LABEL = 180, LANE = 9, PAD = 4, AXIS = 26;
      var start = timeline.start ? timeline.start[1] : 0;
      var end = timeline.end ? timeline.end[1] : start;
      var span = Math.max(end - start, 1e-6);
      var grace = timeline.grace;
      // Sizes from the window, not the element: reading an element's size here would lay out the whole page first.
      var plotWidth = Math.max(600, (window.innerWidth || 1200) - LABEL - 48);
      function x(t) { return LABEL + (t - start) / span * plotWidth; }
      function stopOf(bar) { return bar.released ? bar.released[1] : end; }
      function isLeak(bar) { return bar.gone !== null && stopOf(bar) > bar.gone[1] + grace; }
      var rows = [], rowOf = new Map();
      timeline.bars.forEach(function (bar) {
        if (!rowOf.has(bar.module)) { rowOf.set(bar.module, rows.length); rows.push({ module: bar.module, lanes: 1, y: 0, bars: [], findings: [], drawn: false }); }
        var row = rows[rowOf.get(bar.module)];
        row.lanes = Math.max(row.lanes, bar.lane + 1);
        row.bars.push(bar);
      });
      report.findings.forEach(function (finding) { if (finding.module !== null && rowOf.has(finding.module)) rows[rowOf.get(finding.module)].findings.push(finding); });
      var height = AXIS;
      rows.forEach(function (row) { row.y = height; row.height = row.lanes * LANE + PAD; height += row.height; });
      var chart = svgElement('svg', { width: String(LABEL + plotWidth + 12), height: String(height + 4), role: 'img', 'aria-label': 'Module lifetimes' });
      var defs = svgElement('defs', {});
      var hatch = svgElement('pattern', { id: 'leak-hatch', width: '6', height: '6', patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
      hatch.appendChild(svgElement('rect', { width: '6', height: '6', fill: '#fecaca' }));
      hatch.appendChild(svgElement('rect', { width: '3', height: '6', fill: '#dc2626' }));
      defs.appendChild(hatch);
      var clip = svgElement('clipPath', { id: 'label-clip' });
      clip.appendChild(svgElement('rect', { x: '0', y: '0', width: String(LABEL - 8), height: String(height + 4) }));
      defs.appendChild(clip);
      chart.appendChild(defs);
      // Axis with about eight round ticks, URL opens as ticks on it.
      var rawStep = span / 8, magnitude = Math.pow(10, Math.floor(Math.log10(rawStep)));
      var step = [1, 2, 5, 10].map(function (m) { return m * magnitude; }).find(function (s) { return s >= rawStep; }) || rawStep;
      var axis = svgElement('g', {});
      axis.appendChild(svgElement('line', { x1: String(LABEL), x2: String(LABEL + plotWidth), y1: String(AXIS - 6), y2: String(AXIS - 6), 'class': 'axis' }));
      for (var t = Math.ceil(start / step) * step; t <= end + 1e-9; t += step) {
        axis.appendChild(svgElement('line', { x1: String(x(t)), x2: String(x(t)), y1: String(AXIS - 10), y2: String(height), 'class': 'axis', 'stroke-opacity': '0.25' }));
        var tick = svgElement('text', { x: String(x(t) + 2), y: String(AXIS - 12), 'class': 'axis-text' });
        tick.textContent = (Math.round(t * 1000) / 1000) + ' s';
        axis.appendChild(tick);
      }
      var urlPath = '';
      timeline.urlOpens.forEach(function (open) { urlPath += 'M' + x(open[1]).toFixed(1) + ' ' + (AXIS - 9) + 'v6'; });
      if (urlPath) axis.appendChild(svgElement('path', { d: urlPath, 'class': 'url-tick' }));
      var rowsGroup = svgElement('g', {});
      var cursorLine = svgElement('line', { x1: '0', x2: '0', y1: '0', y2: String(height), 'class': 'cursor', visibility: 'hidden' });
      chart.appendChild(axis);
      chart.appendChild(rowsGroup);
      chart.appendChild(cursorLine);
      timelineBox.appendChild(chart);
      if (!rows.length) timelineBox.appendChild(element('p', 'muted', 'No module was assembled in this trace.'));

      function summary(bar) {
        return bar.instance + ': assembled ' + moment(bar.assembled) + (bar.gone ? ', screen ' + bar.reason + ' ' + moment(bar.gone) : '') +
          (bar.released ? ', released ' + moment(bar.released) : ', never released') + (isLeak(bar) ? ' — outlived its screen beyond the grace period of ' + grace + ' s: leaked' : '');
      }
      var drawnBars = 0;
      function drawRow(index) {
        var row = rows[index];
        if (row.drawn) return;
        row.drawn = true;
        var group = svgElement('g', { 'data-row': String(index) });
        row.band = svgElement('rect', { x: '0', y: String(row.y), width: String(LABEL + plotWidth), height: String(row.height), 'class': 'row-band' });
        if (index % 2 === 0) row.band.style.fill = 'transparent';
        group.appendChild(row.band);
        var label = svgElement('text', { x: '4', y: String(row.y + row.height / 2 + 4), 'class': 'row-label', 'clip-path': 'url(#label-clip)' });
        label.textContent = visible(row.module);
        group.appendChild(label);
        var ticks = '';
        row.bars.forEach(function (bar) {
          var y = row.y + PAD / 2 + bar.lane * LANE;
          var stop = stopOf(bar), goneAt = bar.gone ? bar.gone[1] : stop;
          function segment(from, to, className) {
            if (to < from) return null;
            var rect = svgElement('rect', { x: x(from).toFixed(1), y: String(y), width: Math.max(1, x(to) - x(from)).toFixed(1), height: String(LANE - 2), 'class': className, 'data-bar': String(bar.index) });
            group.appendChild(rect);
            return rect;
          }
          segment(bar.assembled[1], goneAt, 'bar');
          if (bar.gone) {
            var graceEnd = goneAt + grace;
            segment(goneAt, Math.min(stop, graceEnd), 'bar-gone');
            if (stop > graceEnd) { var leak = segment(graceEnd, stop, 'bar-leak'); if (leak) leak.setAttribute('data-leak', bar.released ? 'late' : 'never-released'); }
          }
          bar.ticks.forEach(function (tick) { ticks += 'M' + x(tick[1]).toFixed(1) + ' ' + (y - 1) + 'v' + LANE; });
          drawnBars++;
        });
        if (ticks) group.appendChild(svgElement('path', { d: ticks, 'class': 'ticks' }));
        // Two instances of the name alive at once: the overlap drawn over the row.
        if (row.lanes > 1) {
          var active = [];
          row.bars.slice().sort(function (a, b) { return a.assembled[1] - b.assembled[1]; }).forEach(function (bar) {
            active = active.filter(function (other) { return stopOf(other) > bar.assembled[1]; });
            active.forEach(function (other) {
              var from = bar.assembled[1], to = Math.min(stopOf(bar), stopOf(other));
              if (to <= from) return;
              var rect = svgElement('rect', { x: x(from).toFixed(1), y: String(row.y + 1), width: Math.max(1, x(to) - x(from)).toFixed(1), height: String(row.height - 2), 'class': 'overlap', 'data-overlap': other.instance + ' ' + bar.instance });
              group.appendChild(rect);
            });
            active.push(bar);
          });
        }
        var marks = '';
        row.findings.forEach(function (finding) { marks += 'M' + x(finding.first.time).toFixed(1) + ' ' + row.y + 'l4 0l-4 6l-4 -6z'; });
        if (marks) group.appendChild(svgElement('path', { d: marks, 'class': 'finding-mark' }));
        rowsGroup.appendChild(group);
      }
      function drawVisibleRows(initial) {
        var scrollTop = initial ? 0 : timelineBox.scrollTop, visible = initial ? window.innerHeight * 0.4 : timelineBox.clientHeight || 400;
        var top = scrollTop - 200, bottom = scrollTop + visible + 200;
        var low = 0, high = rows.length - 1, first = rows.length;
        while (low <= high) { var mid = (low + high) >> 1; if (rows[mid].y + rows[mid].height >= top) { first = mid; high = mid - 1; } else low = mid + 1; }
        for (var index = first; index < rows.length && rows[index].y <= bottom; index++) drawRow(index);
      }
      var scheduled = false;
      timelineBox.addEventListener('scroll', function () {
        if (scheduled) return;
        scheduled = true;
        requestAnimationFrame(function () { scheduled = false; drawVisibleRows(); });
      });
      drawVisibleRows(true);
      // A bar's details on hover, made when asked for (a title per bar would double the elements).
      chart.addEventListener('mouseover', function (event) {
        var target = event.target;
        if (target.hasAttribute('data-bar') && !target.firstChild) {
          var tip = svgElement('title', {});
          tip.textContent = visible(summary(timeline.bars[+target.getAttribute('data-bar')]));
          target.appendChild(tip);
        } else if (target.hasAttribute('data-overlap') && !target.firstChild) {
          var note = svgElement('title', {});
          note.textContent = visible(target.getAttribute('data-overlap').replace(' ', ' and ') + ' alive at once');
          target.appendChild(note);
        }
      });
      var selectedRow = null;
      function highlightTimelineRow(module) {
        if (selectedRow && selectedRow.band) selectedRow.band.classList.remove('selected');
        selectedRow = null;
        if (module === null || !rowOf.has(module)) return;
        var index = rowOf.get(module);
        timelineBox.scrollTop = Math.max(0, rows[index].y - timelineBox.clientHeight / 2);
        drawVisibleRows();
        drawRow(index);
        selectedRow = rows[index];
        selectedRow.band.classList.add('selected');
      }

      // The cursor: the live state right after the last event at or before the time clicked, as `graph --at SEQ` draws it.
      var moments = null;
      var cursorInfo = document.getElementById('cursor-info');
      function setCursor(t) {
        if (svg) svg.querySelectorAll('g.node.live').forEach(function (group) { group.classList.remove('live'); });
        if (t === null) { cursorLine.setAttribute('visibility', 'hidden'); cursorInfo.textContent = 'Click the timeline to see the live state at that moment.'; return; }
        if (moments === null) {
          moments = [];
          timeline.bars.forEach(function (bar) {
            [bar.assembled, bar.shown, bar.gone, bar.released].forEach(function (m) { if (m) moments.push(m); });
            bar.ticks.forEach(function (tick) { moments.push(tick); });
          });
          timeline.urlOpens.forEach(function (open) { moments.push(open); });
          moments.sort(function (a, b) { return a[1] - b[1] || a[0] - b[0]; });
          // Seqs grow with time; keep the running maximum so a binary search over time finds the last seq.
          for (var i = 1; i < moments.length; i++) if (moments[i][0] < moments[i - 1][0]) moments[i] = [moments[i - 1][0], moments[i][1]];
        }
        var low = 0, high = moments.length - 1, found = -1;
        while (low <= high) { var mid = (low + high) >> 1; if (moments[mid][1] <= t) { found = mid; low = mid + 1; } else high = mid - 1; }
        var seq = found >= 0 ? moments[found][0] : 0;
        var live = timeline.bars.filter(function (bar) { return bar.assembled[0] <= seq && (!bar.released || bar.released[0] > seq); });
        var names = new Map();
        live.forEach(function (bar) { names.set(bar.module, (names.get(bar.module) || 0) + 1); });
        var twice = Array.from(names.entries()).filter(function (entry) { return entry[1] > 1; }).map(function (entry) { return entry[0]; });
        cursorLine.setAttribute('x1', x(t).toFixed(1));
        cursorLine.setAttribute('x2', x(t).toFixed(1));
        cursorLine.setAttribute('visibility', 'visible');
        cursorInfo.textContent = 'after event ' + seq + ' (' + seconds(t) + '): ' + live.length + ' live instance' + (live.length === 1 ? '' : 's') + ' of ' + names.size + ' module' + (names.size === 1 ? '' : 's') +
          (twice.length ? '; alive twice: ' + twice.slice(0, 5).join(', ') + (twice.length > 5 ? ', …' : '') : '') + ' — what `lego-trace graph --at ' + seq + '` draws';
        nodes.forEach(function (node, index) {
          if (nodeElements[index] && names.has(node.name)) nodeElements[index].classList.add('live');
        });
        if (status) { status.setAttribute('data-cursor-seq', String(seq)); status.setAttribute('data-cursor-live', String(live.length)); }
      }
      chart.addEventListener('click', function (event) {
        var point = chart.getBoundingClientRect();
        var px = event.clientX - point.left;
        if (px < LABEL) {
          var label = event.target.closest('[data-row]');
          if (label) { var target = nodes.findIndex(function (node) { return node.name === rows[+label.getAttribute('data-row')].module; }); if (target >= 0) select(target); }
          return;
        }
        var bar = event.target.closest('[data-bar]');
        if (bar) {
          var module = timeline.bars[+bar.getAttribute('data-bar')].module;
          var index = nodes.findIndex(function (node) { return node.name === module; });
          if (index >= 0) select(index, { zoom: true });
        }
        setCursor(start + (px - LABEL) / plotWidth * span);
      });

      // ---- deep link and status -----------------------------------------------------------------------------
      // `#module=NAME` selects a module as the search would, `t=SECONDS` puts the cursor there, `view=timeline`
      // shows the timeline on its own: links to a moment.
      function openFromHash() {
        var parameters = {};
        location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
          var at = pair.indexOf('=');
          if (at > 0) parameters[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
        });
        if (parameters.module !== undefined) {
          searchInput.value = parameters.module;
          var found = search(parameters.module);
          if (status) status.setAttribute('data-search-results', String(found.length));
          if (found.length) select(found[0], { keepHash: true });
        }
        if (parameters.t !== undefined && isFinite(+parameters.t)) setCursor(+parameters.t);
        if (parameters.view === 'timeline') { document.body.classList.add('timeline-only'); drawVisibleRows(); }
      }
      openFromHash();
      window.addEventListener('hashchange', openFromHash);
      if (status) {
        status.setAttribute('data-nodes', String(drawnNodes));
        status.setAttribute('data-graph-nodes', String(nodes.length));
        status.setAttribute('data-clusters', String(clusters.length));
        status.setAttribute('data-findings', String(report.findings.length));
        status.setAttribute('data-finding-rows', String(findingRows.length));
        status.setAttribute('data-bars', String(timeline.bars.length));
        status.setAttribute('data-drawn-bars', String(drawnBars));
        status.setAttribute('data-leak-bars', String(timeline.bars.filter(isLeak).length));
        status.setAttribute('data-overlaps', String(chart.querySelectorAll('.overlap').length));
        status.setAttribute('data-errors', String(errors.length));
        status.setAttribute('data-ready-ms', String(Math.round(performance.now())));
        status.textContent = 'ready';
      }
    })();
    """#
}
