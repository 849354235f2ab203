/**
 * The web app manifest (decision record 019): what a phone needs to install the site as an app, named after
 * the site's title (Settings → General), with the icons in public/images/ and the header's colour.
 */
export const THEME_COLOR = "#1e3a8a";

interface ManifestSite {
  siteTitle: string;
  siteDescription: string;
  language: string;
}

export function webAppManifest(site: ManifestSite) {
  const name = site.siteTitle.trim() || "Newsdesk";
  return {
    name,
    // What a phone's home screen shows under the icon: it cuts anything much longer than 12 characters.
    short_name: name.length <= 12 ? name : name.split(/\s+/)[0]!.slice(0, 12),
    description: site.siteDescription,
    lang: site.language || "en",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [
      { src: "/images/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/images/logo-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/images/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
