vcl 4.1;
# /etc/varnish/newsdesk.vcl: the shared cache in front of the Newsdesk instances (docs/operations.md,
# "Varnish in front"). Varnish 7 with varnish-modules (vmod xkey). Checked by
# scripts/deploy-files.test.ts against a real varnishd.

import directors;
import std;
import xkey;

# ---- BACKENDS: the app instances. Change the ports (or hosts) here and only here. ----------------
# /healthz answers 503 while an instance drains or has lost its database: it then gets no readers.
probe newsdesk_health {
    .request = "GET /healthz HTTP/1.1" "Host: localhost" "Connection: close";
    .expected_response = 200;
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}
backend newsdesk_1 { .host = "127.0.0.1"; .port = "3001"; .probe = newsdesk_health; }
backend newsdesk_2 { .host = "127.0.0.1"; .port = "3002"; .probe = newsdesk_health; }

sub vcl_init {
    new newsdesk = directors.round_robin();
    newsdesk.add_backend(newsdesk_1);
    newsdesk.add_backend(newsdesk_2);
}
# ---- END BACKENDS ----------------------------------------------------------------------------------

# ---- PURGERS: who may send PURGE. The app purges from its own machine; add the network of the app
# machines when they are not this one (e.g. "10.0.0.0"/24;). ------------------------------------------
acl purgers {
    "127.0.0.1";
    "::1";
}
# ---- END PURGERS -----------------------------------------------------------------------------------

# How long past its freshness a page stays stored: served while every instance is down (the app's
# stale-if-error=86400), and the copy a soft purge leaves behind.
sub vcl_backend_response {
    set beresp.grace = 24h;
    # Varnish's own gzip handling never touches the app's bodies: the app compresses (gzip and br) and
    # keeps its compressed copies; a re-compression here would cost CPU and lose brotli.
    set beresp.do_gzip = false;
    set beresp.do_gunzip = false;
    # Copies are kept apart by the reader's normalised encoding and device (vcl_recv), not by the
    # Accept-Encoding that Varnish rewrites to "gzip" nor by every distinct User-Agent; vcl_deliver names
    # the reader's headers again for the caches after this one.
    if (beresp.http.Vary) {
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)\bAccept-Encoding\b", "X-Newsdesk-Encoding");
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)\bUser-Agent\b", "X-Newsdesk-Device");
    }
    # A background refresh that failed keeps the stale page rather than storing the error.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # Personal or uncacheable answers go to this reader as they came and are never shared; the
    # hit-for-miss marker lasts a little, so the next request for the page asks the app again. Only what
    # the app says may be kept is kept: an answer without Cache-Control (a redirect) carries no cache
    # tags either, so no purge could reach it.
    if (beresp.http.Set-Cookie
        || !beresp.http.Cache-Control
        || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)"
        || beresp.ttl <= 0s
        || beresp.http.Vary == "*") {
        set beresp.ttl = 10s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
    }
    return (deliver);
}

sub vcl_recv {
    if (req.method == "PURGE") {
        call newsdesk_purge;
    }
    # Absolute-form request targets ("GET http://host/path") name the same page as "/path".
    set req.url = regsub(req.url, "(?i)^https?://[^/]*", "");
    set req.backend_hint = newsdesk.backend();
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Staff pages, and anyone signed in (staff, a reader, a sign-in half done), are never stored nor
    # shared. The path test also reads "//admin" and percent-encoded letters as the app's router does;
    # a cookie name may have spaces around it (app/lib/cookie-header.ts reads "nd_session =x" too).
    if (req.url ~ "(?i)^/+(a|%61)(d|%64)(m|%6d)(i|%69)(n|%6e)"
        || req.http.Cookie ~ "(?i)(^|;)[ \t]*(nd_session|nd_flash|nd_2fa|nd_member)[ \t]*="
        || req.http.Authorization) {
        return (pass);
    }
    call newsdesk_reader_variant;
    call newsdesk_reader_encoding;
    call newsdesk_reader_device;
    # Shorter grace while the app answers: a soft-purged page is refreshed in the background and at most
    # one reader gets the stale copy; with every instance down, the whole day of grace is served.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    return (hash);
}

# PURGE / with "xkey-purge: k1 k2" (gone now) or "xkey-softpurge: k1 k2" (stale: served once more while
# refreshed): the protocol of the app's purge sender. A purge relayed by a proxy (nginx in front adds
# the reader's address to X-Forwarded-For, Varnish its own) is a reader's, whatever address it came from.
sub newsdesk_purge {
    if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
        return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
        set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
    } elsif (req.http.xkey-softpurge) {
        set req.http.X-Purged = xkey.softpurge(req.http.xkey-softpurge);
    } else {
        return (synth(400, "xkey-purge or xkey-softpurge header required"));
    }
    return (synth(200, "Purged " + req.http.X-Purged));
}

# An anonymous reader gets one of two pages (app/lib/lite-mode.ts): lite when the first nd_lite cookie
# is "on", or when Save-Data has the token "on" and that cookie is not "off"; full otherwise. Both are
# rewritten to one request each, so Vary: Save-Data, Cookie makes exactly two copies, and cookies the
# app does not read for a reader's page (analytics and the like) never split the cache.
sub newsdesk_reader_variant {
    unset req.http.X-Newsdesk-Lite;
    if (req.http.Cookie ~ "^(?:[^;]*;)*?[ \t]*nd_lite[ \t]*=") {
        set req.http.X-Newsdesk-Lite = regsub(req.http.Cookie,
            "^(?:[^;]*;)*?[ \t]*nd_lite[ \t]*=[ \t]*([^;]*?)[ \t]*(?:;.*)?$", "\1");
    }
    if (req.http.X-Newsdesk-Lite == "on"
        || (req.http.X-Newsdesk-Lite != "off"
            && req.http.Save-Data ~ "(?i)(^|[;,])[ \t]*on[ \t]*($|[;,])")) {
        set req.http.Cookie = "nd_lite=on";
    } else {
        unset req.http.Cookie;
    }
    unset req.http.X-Newsdesk-Lite;
    unset req.http.Save-Data;
}

# Pages with a snippet for one kind of device say Vary: User-Agent; the app tells the two kinds apart
# by "Mobi" or "Android" in it (isMobileUserAgent, app/domain/snippets/snippet-rules.ts), so two copies
# do, rather than one per browser version.
sub newsdesk_reader_device {
    if (req.http.User-Agent ~ "Mobi|Android") {
        set req.http.X-Newsdesk-Device = "mobile";
    } else {
        set req.http.X-Newsdesk-Device = "desktop";
    }
}

# The reader's encoding, normalised to the three the app answers: brotli, gzip or none. Varnish itself
# rewrites Accept-Encoding to "gzip" after vcl_recv, so the choice travels in its own header, which the
# stored pages vary on (vcl_backend_response) and which becomes Accept-Encoding again for the app.
sub newsdesk_reader_encoding {
    if (req.http.Accept-Encoding ~ "(?i)(^|,)[ \t]*br[ \t]*(;[ \t]*q=(1|0\.0*[1-9])|,|$)") {
        set req.http.X-Newsdesk-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)[ \t]*(x-)?gzip[ \t]*(;[ \t]*q=(1|0\.0*[1-9])|,|$)") {
        set req.http.X-Newsdesk-Encoding = "gzip";
    } else {
        set req.http.X-Newsdesk-Encoding = "identity";
    }
}

sub vcl_backend_fetch {
    if (bereq.http.X-Newsdesk-Encoding == "identity") {
        unset bereq.http.Accept-Encoding;
    } elsif (bereq.http.X-Newsdesk-Encoding) {
        set bereq.http.Accept-Encoding = bereq.http.X-Newsdesk-Encoding;
    }
}

sub vcl_deliver {
    # Cache tags are for Varnish only: readers pay for every byte on mobile data.
    unset resp.http.xkey;
    unset resp.http.X-HashTwo;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (resp.http.Vary) {
        set resp.http.Vary = regsuball(resp.http.Vary, "X-Newsdesk-Encoding", "Accept-Encoding");
        set resp.http.Vary = regsuball(resp.http.Vary, "X-Newsdesk-Device", "User-Agent");
    }
    # For operators: whether Varnish answered from its store. The app's own X-Cache (its page cache) is
    # left as it is; Age and X-Varnish (two ids on a hit) stay too.
    if (obj.uncacheable) {
        set resp.http.X-Varnish-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
}

sub vcl_synth {
    # A purge's answer is for the app's purge sender; its count is in the reason line and the body.
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
