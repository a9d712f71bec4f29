import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutlined';
import type { GalleryItemView } from '../ads.api.ts';

const MAIN_HEIGHT = { xs: 240, sm: 380 };

function Shown({ item, alt }: { item: GalleryItemView; alt: string }) {
  if (item.galleryType === 'videos') {
    return (
      <Box
        component="video"
        key={item.url}
        controls
        preload="metadata"
        poster={item.thumbnail || undefined}
        src={item.url}
        aria-label={`${alt} video`}
        sx={{ width: '100%', height: MAIN_HEIGHT, bgcolor: 'common.black' }}
      />
    );
  }
  return (
    <Box
      component="img"
      src={item.url}
      alt={alt}
      sx={{ width: '100%', height: MAIN_HEIGHT, objectFit: 'contain', bgcolor: 'action.hover' }}
    />
  );
}

/** The ad's photos and videos: the chosen one large (videos play with controls), all below. */
export function AdGallery({ items, title }: { items: GalleryItemView[]; title: string }) {
  const [chosen, setChosen] = useState(0);
  const shown = items[Math.min(chosen, items.length - 1)];
  if (!shown) return null;
  return (
    <Box data-testid="ad-gallery">
      <Shown item={shown} alt={title} />
      {items.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto' }}>
          {items.map((item, index) => (
            <ButtonBase
              key={item.name}
              aria-label={`Show ${item.galleryType === 'videos' ? 'video' : 'photo'} ${index + 1}`}
              aria-pressed={index === chosen}
              onClick={() => setChosen(index)}
              sx={{
                position: 'relative',
                flexShrink: 0,
                width: 72,
                height: 54,
                border: 2,
                borderColor: index === chosen ? 'primary.main' : 'transparent',
                borderRadius: 1,
                // Keyboard users see which thumbnail has the focus.
                '&.Mui-focusVisible': {
                  outline: 2,
                  outlineColor: 'secondary.main',
                  outlineOffset: 2,
                },
                overflow: 'hidden',
              }}
            >
              <Box
                component="img"
                src={item.thumbnail || item.url}
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
              {item.galleryType === 'videos' && (
                <PlayCircleIcon sx={{ position: 'absolute', color: 'common.white' }} />
              )}
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
