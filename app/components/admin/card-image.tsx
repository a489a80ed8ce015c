import { ResponsiveImage } from "../responsive-image";

/** The picture at the top of an admin card (a category, a list record): decorative, the card names it. */
export function CardImage({ src }: { src: string }) {
  return (
    <div className="aspect-video bg-slate-100">
      <ResponsiveImage
        src={src}
        alt=""
        sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 100vw"
        className="h-full w-full object-cover"
      />
    </div>
  );
}
