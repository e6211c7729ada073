import { print, type DocumentNode, type GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';
import { canonicalText } from './store-documents.ts';

/**
 * What a parsed document costs in memory per character of its text: a 258-character query parsed with
 * locations held 21.5 KB (83 bytes a character), measured with node --expose-gc.
 */
const BYTES_PER_CHARACTER = 100;

/** How many texts of one storefront document are kept and compiled (with and without __typename, say). */
const TEXTS_PER_DOCUMENT = 3;

export interface DocumentCacheOptions {
  /** The canonical texts of the documents the store sends (store-documents.ts). */
  storeDocuments: Iterable<string>;
  /** The budget for every other parsed document (and parse error), in estimated bytes. */
  otherBytes: number;
}

/**
 * Yoga's parser cache, split by trust (docs/decisions/0029). The storefront's own documents are kept for
 * good (a few texts each: Apollo's __typename additions may vary): only they are compiled with graphql-jit,
 * whose code is the bulk of a document's cost (120 documents differing in their aliases took 120 MB when
 * every document was compiled). Any other document is kept in a least-recently-used cache with a byte
 * budget, so a stream of distinct documents costs each its own request and nothing after it.
 */
export class DocumentCache {
  /** The storefront's canonical texts, each with how many of its texts are kept (and compiled). */
  private readonly known: Map<string, number>;
  /** Kept storefront documents by text (as sent and as printed): at most 2 × TEXTS_PER_DOCUMENT each. */
  private readonly store = new Map<string, DocumentNode>();
  /** Per parsed document: the kept instance it stands for, or null for a document of no storefront's. */
  private readonly verdicts = new WeakMap<DocumentNode, DocumentNode | null>();
  private readonly others: LRUCache<string, DocumentNode>;
  /** Yoga's `documentCache`. */
  readonly documents: { get(text: string): DocumentNode | undefined; set(text: string, document: DocumentNode): void };
  /** Yoga's `errorCache` (a document that failed to parse). */
  readonly errors: LRUCache<string, GraphQLError>;

  constructor(options: DocumentCacheOptions) {
    this.known = new Map([...options.storeDocuments].map((text) => [text, 0]));
    this.others = new LRUCache<string, DocumentNode>({ maxSize: options.otherBytes, sizeCalculation: (_, text) => Math.max(1, text.length * BYTES_PER_CHARACTER) });
    this.errors = new LRUCache<string, GraphQLError>({ maxSize: Math.max(1, Math.floor(options.otherBytes / 8)), sizeCalculation: (_, text) => text.length * 2 + 1024 });
    this.documents = {
      get: (text) => this.store.get(text) ?? this.others.get(text),
      set: (text, document) => {
        const kept = this.storeDocument(document);
        if (kept === document) this.store.set(text, document);
        else this.others.set(text, kept ?? document);
      },
    };
  }

  /**
   * The one kept instance of a storefront document, or null for any other document, decided once per
   * parsed document. A storefront document is the same whatever Apollo's __typename additions or its
   * fragments' order; at most TEXTS_PER_DOCUMENT printed texts of each are kept (and compiled): variants
   * made up by a caller are parsed like any other document. The server's own rendering builds new
   * document objects for every page: their printed text finds the kept instance.
   */
  storeDocument(document: DocumentNode): DocumentNode | null {
    let kept = this.verdicts.get(document);
    if (kept !== undefined) return kept;
    kept = null;
    if (this.known.size) {
      const printed = print(document);
      kept = this.store.get(printed) ?? null;
      if (!kept && this.admit(document)) this.store.set(printed, (kept = document));
    }
    this.verdicts.set(document, kept);
    return kept;
  }

  /** Whether a document is a kept storefront document (the one instance compiled with graphql-jit). */
  isStoreDocument(document: DocumentNode): boolean {
    return this.storeDocument(document) === document;
  }

  /** Counts one more text of a storefront document; false for any other document, or one text too many. */
  private admit(document: DocumentNode): boolean {
    const canonical = canonicalText(document);
    const texts = this.known.get(canonical);
    if (texts === undefined || texts >= TEXTS_PER_DOCUMENT) return false;
    this.known.set(canonical, texts + 1);
    return true;
  }

  /** What the cache holds: storefront texts kept, and the other documents' count and estimated bytes. */
  get stats(): { storeTexts: number; others: number; otherBytes: number } {
    return { storeTexts: this.store.size, others: this.others.size, otherBytes: this.others.calculatedSize };
  }
}
