import Gentzen.Basic
import Gentzen.Sets.Pelletier
import Gentzen.Sets.Textbook
