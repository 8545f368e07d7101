-- Dish photos (server/media/): the original's size, a blur placeholder and the responsive variants.
-- cover_url stays the one-address picture (a drawing, or a photo's narrowest WebP).
ALTER TABLE "products" ADD COLUMN "cover_width" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cover_height" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cover_placeholder" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cover_variants" jsonb;