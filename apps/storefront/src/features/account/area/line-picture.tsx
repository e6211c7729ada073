/** A product's picture in an order (the server's 128 px thumbnail), or a plain tile when it has none. */
export function LinePicture({ src, name, size = 56 }: { src: string | null; name: string; size?: number }) {
  return src
    ? <img className="line-picture" src={src} alt={name} width={size} height={size} loading="lazy" decoding="async" />
    : <span className="line-picture line-picture--none" style={{ width: size, height: size }} role="img" aria-label={name} />;
}
