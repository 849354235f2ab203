/**
 * The sample content of the spec: 8 categories and 4 published articles, each with 3 comments.
 * Loaded on first start and by the database setup page's populate action.
 */

interface SampleCategory {
  name: string;
  description: string;
  color: string;
}

interface SampleArticle {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  authorName: string;
  imageUrl: string;
  tags: string[];
  featured: boolean;
  isTopStory: boolean;
  youtubeUrl?: string;
  /** Hours before the seed time that the article was published. */
  publishedHoursAgo: number;
  comments: Array<{ authorName: string; authorEmail: string; text: string }>;
}

export const SAMPLE_CATEGORIES: SampleCategory[] = [
  { name: "News", description: "National and regional news from across Ghana.", color: "#1e3a8a" },
  { name: "Business", description: "Markets, trade, cocoa, gold and the cedi.", color: "#0f766e" },
  { name: "Entertainment", description: "Music, film, Ghallywood and the arts.", color: "#9d174d" },
  { name: "Sports", description: "Black Stars, the Ghana Premier League and athletics.", color: "#15803d" },
  { name: "Travel & Events", description: "Festivals, tourism and what's on this week.", color: "#b45309" },
  { name: "Religious", description: "Faith, churches and mosques, and community life.", color: "#6d28d9" },
  { name: "Gallery", description: "The week in pictures.", color: "#334155" },
  { name: "Lifestyle", description: "Food, fashion, health and family.", color: "#be123c" },
];

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

export const SAMPLE_ARTICLES: SampleArticle[] = [
  {
    title: "Accra traders welcome new opening hours at Makola Market",
    excerpt:
      "Traders at Makola say longer trading hours agreed with the Accra Metropolitan Assembly will help them recover sales lost during the rainy season.",
    content: [
      p(
        "Traders at Makola Market in central Accra have welcomed an agreement with the Accra Metropolitan Assembly that extends trading hours to 8 p.m. on weekdays from next month.",
        "The agreement follows weeks of talks between market queens, the Greater Accra Regional Traders Association and city officials, who say better street lighting and a new refuse collection schedule made the change possible.",
      ),
      "<h2>Longer days, safer streets</h2>",
      p(
        'Auntie Akosua Mensah, who has sold cloth at the market for 23 years, said the extra hours would let office workers shop after closing time. "Many of our customers only leave work at five. By the time they reach Makola we are packing up," she said.',
        "The Assembly said 40 new street lamps have been installed along Kojo Thompson Road and around the Makola lorry station, and that city guards will patrol until closing time.",
      ),
      '<blockquote><p>"A market that closes when customers finish work is a market that loses money." — Greater Accra Regional Traders Association</p></blockquote>',
      p(
        "Not every trader is convinced. Some food sellers say they will keep their old hours until they see how many shoppers come after dark, and transport operators have yet to say whether trotro services will run later to match.",
        "The new hours will be reviewed after three months, the Assembly said.",
      ),
    ].join("\n"),
    category: "Business",
    authorName: "Kwame Asante",
    imageUrl: "/images/sample/accra-market.svg",
    tags: ["business", "accra", "markets"],
    featured: false,
    isTopStory: true,
    publishedHoursAgo: 3,
    comments: [
      {
        authorName: "Efua Boateng",
        authorEmail: "efua.boateng@example.com",
        text: "About time. I can finally shop after work without rushing from Osu.",
      },
      {
        authorName: "Yaw Darko",
        authorEmail: "yaw.darko@example.com",
        text: "The lights on Kojo Thompson Road really have made a difference at night.",
      },
      {
        authorName: "Abena Owusu",
        authorEmail: "abena.owusu@example.com",
        text: "Hope the trotro drivers follow. Getting home from Makola after 7 is hard.",
      },
    ],
  },
  {
    title: "Black Stars name young squad for World Cup qualifiers",
    excerpt:
      "The head coach has called up six uncapped players for the double-header, with a focus on players from the Ghana Premier League.",
    content: [
      p(
        "The Black Stars head coach has named a 26-man squad for next month's World Cup qualifiers, including six players who have never played for the senior national team.",
        "Three of the new faces play in the Ghana Premier League, a decision the Ghana Football Association says rewards the league's improved standard this season.",
      ),
      "<h2>Fresh legs in midfield</h2>",
      p(
        "The biggest talking point is in midfield, where two 19-year-olds from the domestic league have been preferred to more experienced players based abroad.",
        '"Form decides, not the name on the shirt," the coach told reporters at the squad announcement in Accra. "These boys have earned their chance."',
        "Ghana play their first match at the Baba Yara Sports Stadium in Kumasi before travelling for the away fixture four days later. Tickets go on sale on Monday at the stadium and through the association's official channels.",
      ),
    ].join("\n"),
    category: "Sports",
    authorName: "Ama Serwaa",
    imageUrl: "/images/sample/black-stars.svg",
    tags: ["sports", "football", "black stars"],
    featured: true,
    isTopStory: false,
    publishedHoursAgo: 20,
    comments: [
      {
        authorName: "Kofi Mensah",
        authorEmail: "kofi.mensah@example.com",
        text: "Good to see the local league rewarded. Give the young ones a chance!",
      },
      {
        authorName: "Nana Adjei",
        authorEmail: "nana.adjei@example.com",
        text: "Kumasi will be full for this one. Baba Yara is always loud.",
      },
      {
        authorName: "Selorm Agbeko",
        authorEmail: "selorm.agbeko@example.com",
        text: "Experience matters in qualifiers too. I hope the coach knows what he is doing.",
      },
    ],
  },
  {
    title: "Cocoa farmers in Western North expect a stronger harvest",
    excerpt:
      "Farmers around Sefwi Wiawso report healthier trees after a year of replanting, though smuggling and illegal mining remain worries.",
    content: [
      p(
        "Cocoa farmers in the Western North Region say they expect a stronger main-crop harvest this season after two years of replanting diseased farms.",
        "Extension officers in the Sefwi Wiawso district report that trees treated for swollen shoot virus are bearing well, and that rainfall has been steady since August.",
      ),
      "<h2>Prices and pressures</h2>",
      p(
        "The higher farm-gate price announced at the start of the season has encouraged farmers to invest in fertiliser and labour, several farmers told our correspondent.",
        "But they also warned that illegal mining near river banks continues to destroy farmland, and that smuggling across the border still tempts some growers when the cedi weakens.",
        "The regional cocoa board office said it will open two new purchasing centres before the peak of the harvest to shorten the distance farmers travel to sell their beans.",
      ),
    ].join("\n"),
    category: "News",
    authorName: "Kwame Asante",
    imageUrl: "/images/sample/cocoa-harvest.svg",
    tags: ["business", "cocoa", "agriculture"],
    featured: false,
    isTopStory: false,
    publishedHoursAgo: 50,
    comments: [
      {
        authorName: "Adwoa Frimpong",
        authorEmail: "adwoa.frimpong@example.com",
        text: "My uncle farms near Bibiani and says the same thing. The trees look good this year.",
      },
      {
        authorName: "Emmanuel Tetteh",
        authorEmail: "emmanuel.tetteh@example.com",
        text: "Galamsey is the real threat. No harvest survives a poisoned river.",
      },
      {
        authorName: "Gifty Appiah",
        authorEmail: "gifty.appiah@example.com",
        text: "New purchasing centres are good news. The journey to sell is too long now.",
      },
    ],
  },
  {
    title: "Cape Coast prepares for a record Fetu Afahye festival",
    excerpt:
      "Hotels in Cape Coast are nearly fully booked as the Central Region gets ready for its biggest festival weekend of the year.",
    content: [
      p(
        "Cape Coast is preparing for what organisers expect to be the biggest Fetu Afahye festival in a decade, with hotels in the town reporting near-full bookings for the first weekend of September.",
        "The festival, celebrated by the Oguaa Traditional Area, marks the end of a ban on fishing in the Fosu lagoon and gives thanks for a good harvest.",
      ),
      "<h2>A weekend of colour</h2>",
      p(
        "The grand durbar of chiefs will be held on Saturday, followed by the traditional procession through the town's streets, where Asafo companies display their flags and drumming.",
        "Tourism officials say visitors from the diaspora are a growing share of festival guests, with many combining the celebrations with tours of Cape Coast Castle.",
        "Organisers have asked visitors to use the park-and-ride service from the university campus to ease traffic in the old town.",
      ),
    ].join("\n"),
    category: "Travel & Events",
    authorName: "Esi Nyarko",
    imageUrl: "/images/sample/cape-coast.svg",
    tags: ["culture", "festival", "tourism"],
    featured: false,
    isTopStory: false,
    publishedHoursAgo: 120,
    comments: [
      {
        authorName: "Kobby Quansah",
        authorEmail: "kobby.quansah@example.com",
        text: "Oguaa will be alive! Nothing beats the Asafo procession.",
      },
      {
        authorName: "Mawuli Kporku",
        authorEmail: "mawuli.kporku@example.com",
        text: "The park-and-ride is a good idea. Last year traffic was terrible.",
      },
      {
        authorName: "Akua Donkor",
        authorEmail: "akua.donkor@example.com",
        text: "Travelling down from Kumasi with the family. Can't wait.",
      },
    ],
  },
];
