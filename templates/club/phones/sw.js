{% load static %}/* The service worker of the table pages (scope /t/, registered by phones.js): the pages a
 * phone has opened, or that phones.js put in the cache for the round, open without a
 * connection. A page is asked from the server first (so it is never older than it must
 * be) and taken from the cache when the network fails or keeps the phone waiting. Forms
 * are never touched here: phones.js keeps what could not be sent and sends it later. */
"use strict";

const PAGES = "table-pages-v1";
const STATIC = "table-static-v1";
const ASSETS = ["{% static 'css/site.css' %}", "{% static 'js/phones.js' %}",
                "{% static 'js/htmx.min.js' %}", "{% static 'js/site.js' %}"];
const PATIENCE = 6000; // ms a page may take before the phone's copy is shown instead

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== PAGES && name !== STATIC;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function tablePage(url) {
  // "/t/<code>/" and what is under it; not the code form "/t/" nor this script.
  return /^\/t\/[^/]+\//.test(url.pathname);
}

function fromCache(request) {
  const url = new URL(request.url);
  const round = url.origin + url.pathname.match(/^\/t\/[^/]+\//)[0];
  return caches.open(PAGES).then(function (cache) {
    // Vary: Cookie: the phone's own cookies either way.
    return cache.match(request, {ignoreVary: true}).then(function (page) {
      return page || cache.match(request, {ignoreSearch: true, ignoreVary: true});
    }).then(function (page) { return page || cache.match(round, {ignoreVary: true}); });
  });
}

function keep(request, response) {
  // A page carrying a one-time message ("Accepted: ...") is not kept: offline, it would
  // say it again.
  if (response.status !== 200 || response.redirected || response.type !== "basic") {
    return Promise.resolve();
  }
  return response.clone().text().then(function (text) {
    if (text.indexOf('<ul class="messages"') === -1) {
      return caches.open(PAGES).then(function (cache) { return cache.put(request, response); });
    }
  });
}

function networkFirst(event) {
  const request = event.request;
  return new Promise(function (resolve, reject) {
    let settled = false;
    const timer = setTimeout(function () {
      fromCache(request).then(function (page) {
        if (page && !settled) {
          settled = true;
          resolve(page);
        }
      });
    }, PATIENCE);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      event.waitUntil(keep(request, response.clone()));
      if (!settled) {
        settled = true;
        resolve(response);
      }
    }).catch(function (error) {
      clearTimeout(timer);
      fromCache(request).then(function (page) {
        if (!settled) {
          settled = true;
          if (page) {
            resolve(page);
          } else {
            reject(error);
          }
        }
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin
      || request.headers.get("X-Requested-With")) {
    return; // forms, phones.js's own requests and other sites: the network as usual
  }
  if (ASSETS.indexOf(url.pathname) !== -1) {
    event.respondWith(caches.match(request).then(function (asset) {
      return asset || fetch(request);
    }));
  } else if (tablePage(url) && request.mode === "navigate") {
    event.respondWith(networkFirst(event));
  }
});
