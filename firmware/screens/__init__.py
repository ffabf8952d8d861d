# The screens of the score keeper, one small module each (imported when first shown).
